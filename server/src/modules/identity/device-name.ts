/** Browsers by the User-Agent token that names them, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (Android says Linux, iOS says "like Mac OS X"). */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** What a session list shows when the User-Agent says nothing readable. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** The longest description kept (the column's width); User-Agents may be kilobytes long. */
const MAX_LENGTH = 120;

/** The first label of `table` whose pattern matches `text`. */
const firstMatch = (table: ReadonlyArray<[RegExp, string]>, text: string) => table.find(([re]) => re.test(text))?.[1];

/**
 * A readable name for the device a session was opened on, from its User-Agent: "Chrome on Linux",
 * "Safari on iOS", or a program's name ("curl") for API clients. Shown in the session list so a
 * user recognises their devices; never trusted for anything else (any client can send any text).
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, 1000);
  if (!text.trim()) return UNKNOWN_DEVICE;
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  // A program's own name: "curl/8.5.0" -> "curl", "PostmanRuntime/7.36" -> "PostmanRuntime".
  const product = /^([A-Za-z][\w.-]{0,40})\//.exec(text.trim())?.[1];
  return (product ?? UNKNOWN_DEVICE).slice(0, MAX_LENGTH);
}
