import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@cryptovest/common';
import { createContext, useContext, type ReactNode } from 'react';
import { readInlinedJson } from '../ssr/inlinedJson';

/** Id of the JSON <script> the server writes into every HTML page it serves. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';

/**
 * The operator's content as the server inlined it in the page (no request needed); the neutral
 * defaults when absent (Vite dev server, unit tests).
 */
export function readInlinedSiteConfig(doc?: Document): SiteConfig {
  const inlined = readInlinedJson(SITE_CONFIG_ELEMENT_ID, doc);
  return inlined && typeof inlined === 'object'
    ? { ...DEFAULT_SITE_CONFIG, ...(inlined as Partial<SiteConfig>) }
    : DEFAULT_SITE_CONFIG;
}

const SiteContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

/** Provides the site config; the server renderer passes its own, the browser the inlined one. */
export function SiteProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** Brand, licence line, contact details, figures, social links and signup bonus of this operator. */
export function useSite(): SiteConfig {
  return useContext(SiteContext);
}
