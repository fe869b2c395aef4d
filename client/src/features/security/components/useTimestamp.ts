import { EMPTY_VALUE } from '@cryptovest/common';
import { useCallback } from 'react';
import { useFormat } from '../../../app/i18n/useFormat';

/** Writes a timestamp of the API (ISO text) for the reader; see useTimestamp. */
export type FormatTimestamp = (iso: string, options?: Intl.DateTimeFormatOptions) => string;

/**
 * Timestamps of Settings → Security (added, last used, expires, deliveries) as the reader's
 * language writes them, in the reader's time zone (date and time unless `options` say otherwise);
 * the em dash for one that cannot be read.
 */
export function useTimestamp(): FormatTimestamp {
  const { dateTime } = useFormat();
  return useCallback(
    (iso, options) => (Number.isNaN(new Date(iso).getTime()) ? EMPTY_VALUE : dateTime(iso, options)),
    [dateTime],
  );
}
