import type { Translate } from '@cryptovest/common';
import { ENGLISH, englishText, type Wording } from './wording';

/**
 * The cool-down rule as investors read it (issue 33), as a sentence under the wallet select: any
 * address saved once money is in waits, a coin's first one too; addresses saved before the first
 * deposit don't. `hours` is the server's policy from the site config.
 */
export const cooldownSentence = (hours: number, t: Translate = englishText) =>
  t(
    'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hours later.',
    { count: hours },
  );

/** The same rule in Settings, with the promise that every change is e-mailed. */
export const cooldownAndMailSentence = (hours: number, t: Translate = englishText) =>
  t(
    'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hours later, and we e-mail you about every change.',
    { count: hours },
  );

/** One saved address as the account query returns it. */
export interface SavedAddress {
  coin: string;
  address: string;
  usableFrom?: string | null;
}

/**
 * When a saved address still cools down at `now`, the time it can first receive withdrawals;
 * else null. The server decides; this only keeps a page left open from showing a stale wait.
 */
export function coolingUntil(saved: SavedAddress | undefined, now = Date.now()): string | null {
  const from = saved?.usableFrom;
  return from && Date.parse(from) > now ? from : null;
}

/** "usable from 23 Nov 2026, 15:05" in the viewer's time zone and language. */
export function usableFromText(iso: string, { t, stamp }: Pick<Wording, 't' | 'stamp'> = ENGLISH): string {
  return t('usable from {{date}}', { date: stamp(iso) });
}
