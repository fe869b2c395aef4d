/** The font stack for secrets and codes: unambiguous glyphs of one width, no web font to load. */
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
