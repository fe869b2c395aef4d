import * as fontkit from 'fontkit';

/** The two weights a statement writes in. */
export type Weight = 'regular' | 'bold';

/** PDF's standard Helvetica: nothing embedded, but Latin-1 (WinAnsi) only. */
const STANDARD: Readonly<Record<Weight, string>> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * DejaVu Sans, shipped with the app (npm `dejavu-fonts-ttf`): Latin, Greek, Cyrillic and more.
 * Right-to-left names are drawn by fontkit's shaping without a full bidi pass: Arabic reads
 * right, a Hebrew name may lose the space between its words.
 */
const UNICODE: Readonly<Record<Weight, string>> = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' };
const UNICODE_FILES: Readonly<Record<Weight, string>> = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** What Helvetica can write: WinAnsi's Latin-1 (German and Spanish letters included) and the dashes, quote and ellipsis. */
const WIN_ANSI_CHAR = /[\x20-\x7e\xa0-\xff\u2013\u2014\u2019\u2026]/u;
const WIN_ANSI_TEXT = /^[\x20-\x7e\xa0-\xff\u2013\u2014\u2019\u2026]*$/u;

/** DejaVu Sans read once, to ask which characters it has a glyph for. */
let coverage: fontkit.Font | null = null;
function unicodeCoverage(): fontkit.Font {
  coverage ??= fontkit.openSync(UNICODE_FILES.regular) as fontkit.Font;
  return coverage;
}

/**
 * Makes DejaVu Sans available to `doc` under the names fontFor returns. pdfkit embeds only the
 * glyphs a document uses, and only when a text needs it: a Latin-1 statement embeds nothing.
 */
export function registerStatementFonts(doc: PDFKit.PDFDocument): void {
  for (const weight of ['regular', 'bold'] as const) doc.registerFont(UNICODE[weight], UNICODE_FILES[weight]);
}

/**
 * `text` as a statement can write it: a name in another script (Łukasz, Иван, Ελένη) is
 * kept; only a character neither font has (Chinese, an emoji, a control character) prints as "?"
 * rather than as an empty box.
 */
export function printable(text: string): string {
  if (WIN_ANSI_TEXT.test(text)) return text;
  const font = unicodeCoverage();
  return Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return WIN_ANSI_CHAR.test(char) || (code >= 0x20 && font.hasGlyphForCodePoint(code)) ? char : '?';
  }).join('');
}

/** The font to write `text` (already printable) in: Helvetica when it is Latin-1, DejaVu Sans otherwise. */
export function fontFor(text: string, weight: Weight = 'regular'): string {
  return WIN_ANSI_TEXT.test(text) ? STANDARD[weight] : UNICODE[weight];
}
