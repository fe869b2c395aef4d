import type { Translate } from '@cryptovest/common';
import type { TrxStatus } from '../../../generated/graphql';

/** One answered item (id, applied or not, why not). */
interface Outcome {
  id: string;
  ok: boolean;
  message?: string | null;
}

/**
 * The toast after a bulk review: how many were applied and, for each refused one, whose and why
 * ("2 deposits confirmed. Not changed: Ada Lovelace: Already confirmed (changed meanwhile)").
 * Success when all applied, warning when some were refused, error when none applied; in the
 * language of `t` (the server's reasons as it sent them).
 */
export function bulkSummary(
  status: TrxStatus,
  outcomes: readonly Outcome[],
  owners: ReadonlyMap<string, { owner: string | null }>,
  t: Translate,
): { message: string; variant: 'success' | 'warning' | 'error' } {
  const applied = outcomes.filter((o) => o.ok).length;
  const refused = outcomes.filter((o) => !o.ok);
  const head =
    status === 'CONFIRMED'
      ? t('{{count}} deposits confirmed.', { count: applied })
      : t('{{count}} deposits declined.', { count: applied });
  if (refused.length === 0) return { message: head, variant: 'success' };
  const why = refused
    .map((o) =>
      t('{{name}}: {{reason}}', {
        name: owners.get(o.id)?.owner ?? t('Unknown user'),
        reason: o.message ?? t('refused'),
      }),
    )
    .join('; ');
  return {
    message: t('{{summary}} Not changed: {{reasons}}', { summary: head, reasons: why }),
    variant: applied ? 'warning' : 'error',
  };
}

/** The sum of non-negative decimal amounts ("12000.5" + "0.25"), exact to 5 places (BigInt, never floats). */
export function sumAmounts(amounts: readonly string[]): string {
  const SCALE = 5;
  let total = 0n;
  for (const amount of amounts) {
    const match = /^(\d+)(?:\.(\d{1,5}))?$/.exec(amount.trim());
    if (match) total += BigInt(match[1] + (match[2] ?? '').padEnd(SCALE, '0'));
  }
  const digits = total.toString().padStart(SCALE + 1, '0');
  return `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
}
