import type { Catalogue, Locale, Namespace } from '@cryptovest/common';

/**
 * One chunk per language and namespace (Vite splits each JSON file into its own file): the
 * browser loads a page's words in the reader's language only, never every catalogue. Like
 * env.ts, only main.tsx imports this (jest cannot parse `import.meta`).
 */
const chunks = import.meta.glob<Catalogue>('../../../../common/src/i18n/catalogues/*/*.json', { import: 'default' });

/** Loads one catalogue of one language; rejects for one that does not exist. */
export function loadCatalogue(locale: Locale, namespace: Namespace): Promise<Catalogue> {
  const load = chunks[`../../../../common/src/i18n/catalogues/${locale}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`no catalogue ${locale}/${namespace}`));
}
