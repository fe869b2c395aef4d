import { msg } from '@cryptovest/common';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../app/site/site';

/** The head facts of one page: what the server renderer writes into <head>. */
export interface PageHead {
  title: string;
  description: string;
}

/** Server-only: the renderer passes a callback that receives the rendered page's head facts. */
export const PageHeadCollector = createContext<((head: PageHead) => void) | null>(null);

/** Props of PageMeta. */
export interface PageMetaProps {
  /** Page name (translated by the caller); the document title becomes "{title} · {brand}". */
  title: string;
  /** Meta description (translated by the caller); the app's default one, in the reader's language, when omitted. */
  description?: string;
}

/** Default description, for pages that give none (English: a catalogue key, translated where shown). */
export const DEFAULT_DESCRIPTION = msg(
  'Invest in cryptocurrency plans with daily profit, secure deposits and withdrawals, and 24/7 support.',
);

/**
 * Sets the page's title and meta description: during server rendering into the collector
 * (the server puts them in <head>), in the browser on mount and on every navigation.
 */
export function PageMeta({ title, description: given }: PageMetaProps) {
  const { t } = useTranslation();
  const description = given ?? t(DEFAULT_DESCRIPTION);
  const { brandName } = useSite();
  const fullTitle = `${title} \u00b7 ${brandName}`;
  const collect = useContext(PageHeadCollector);
  collect?.({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [fullTitle, description]);
  return null;
}
