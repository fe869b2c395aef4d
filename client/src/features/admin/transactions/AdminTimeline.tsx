import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@cryptovest/common';
import type { AdminTransactionRecordQuery } from '../../../generated/graphql';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { confirmationsText } from './chainCheck';

/** One step of a transaction's timeline as the record query gives it. */
export type AdminTimelineEvent = NonNullable<AdminTransactionRecordQuery['transaction']>['events'][number];

/** Each step's name for an admin (catalogue keys). */
const STEP_NAMES: Readonly<Record<string, string>> = {
  SUBMITTED: msg('Submitted'),
  SEEN_ON_CHAIN: msg('Seen on chain'),
  CHAIN_CONFIRMATIONS: msg('Chain confirmations'),
  CHAIN_REORGANISED: msg('Chain reorganised'),
  CONFIRMED: msg('Confirmed'),
  DECLINED: msg('Declined'),
  REOPENED: msg('Set back to pending'),
  MATURED: msg('Term ended'),
  SETTLEMENT_HELD: msg('Settlement held'),
  SETTLED: msg('Settled'),
  PAYOUT_SENT: msg('Payout sent'),
};

/** The facts a step carries, as short lines ("Profit $5,000.00", "3 of 6 confirmations"), in the reader's language. */
export function stepFacts(event: Pick<AdminTimelineEvent, 'data'>, { t, money, stamp }: AdminWords): string[] {
  const d = event.data;
  const facts: string[] = [];
  if (d.coinAmount) facts.push(t('Amount on chain {{amount}}', { amount: d.coinAmount }));
  if (d.confirmations !== null && d.confirmations !== undefined)
    facts.push(confirmationsText(d.confirmations, d.required, t));
  if (d.maturesAt) facts.push(t('Term ends {{date}}', { date: stamp(d.maturesAt) }));
  if (d.profit) facts.push(t('Profit {{amount}}', { amount: money(d.profit) }));
  if (d.principal) facts.push(t('Principal returned {{amount}}', { amount: money(d.principal) }));
  if (d.txid) facts.push(t('Transaction id {{txid}}', { txid: d.txid }));
  return facts;
}

/**
 * A transaction's timeline for an admin (issue 38 record view): every recorded step, oldest first,
 * with when, who did it (an admin's name, or the system) and why. The investor's timeline lives in
 * the dashboard feature and speaks to the investor; this one states the record.
 */
export function AdminTimeline({ events }: { events: readonly AdminTimelineEvent[] }) {
  const words = useAdminWords();
  const { t, stamp } = words;
  if (events.length === 0) return <Typography color="text.secondary">{t('No steps recorded.')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {STEP_NAMES[event.kind] ? t(STEP_NAMES[event.kind]) : event.kind}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <time dateTime={event.at}>{stamp(event.at)}</time>
            {` \u00b7 ${event.actorName ? t('by {{name}}', { name: event.actorName }) : t('by the system')}`}
          </Typography>
          {event.reason && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('Reason: {{reason}}', { reason: event.reason })}
            </Typography>
          )}
          {stepFacts(event, words).map((fact) => (
            <Typography key={fact} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {fact}
            </Typography>
          ))}
          {event.data.explorerUrl && (
            <Link href={event.data.explorerUrl} target="_blank" rel="noopener noreferrer" variant="body2">
              {t('View the payout on the explorer')}
            </Link>
          )}
        </Box>
      ))}
    </Box>
  );
}
