/**
 * The value of an inert `<script type="application/json" id=...>` the server wrote into the page
 * (the CSP allows no inline script to run, but JSON is data); undefined when absent or invalid.
 */
export function readInlinedJson(id: string, doc: Document | undefined = globalThis.document): unknown {
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
