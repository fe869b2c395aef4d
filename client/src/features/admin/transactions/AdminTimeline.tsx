import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cryptovest/common';
import { formatDate } from '../../../components/transactionCells';
import type { AdminTransactionRecordQuery } from '../../../generated/graphql';

/** One step of a transaction's timeline as the record query gives it. */
export type AdminTimelineEvent = NonNullable<AdminTransactionRecordQuery['transaction']>['events'][number];

/** Each step's name for an admin. */
const STEP_NAMES: Readonly<Record<string, string>> = {
  SUBMITTED: 'Submitted',
  SEEN_ON_CHAIN: 'Seen on chain',
  CHAIN_CONFIRMATIONS: 'Chain confirmations',
  CHAIN_REORGANISED: 'Chain reorganised',
  CONFIRMED: 'Confirmed',
  DECLINED: 'Declined',
  REOPENED: 'Set back to pending',
  MATURED: 'Term ended',
  SETTLEMENT_HELD: 'Settlement held',
  SETTLED: 'Settled',
  PAYOUT_SENT: 'Payout sent',
};

/** The facts a step carries, as short lines ("Profit $5,000.00", "3 of 6 confirmations"). */
export function stepFacts(event: Pick<AdminTimelineEvent, 'data'>): string[] {
  const d = event.data;
  const facts: string[] = [];
  if (d.coinAmount) facts.push(`Amount on chain ${d.coinAmount}`);
  if (d.confirmations !== null && d.confirmations !== undefined)
    facts.push(d.required ? `${d.confirmations} of ${d.required} confirmations` : `${d.confirmations} confirmations`);
  if (d.maturesAt) facts.push(`Term ends ${formatDate(d.maturesAt)}`);
  if (d.profit) facts.push(`Profit ${formatMoney(d.profit)}`);
  if (d.principal) facts.push(`Principal returned ${formatMoney(d.principal)}`);
  if (d.txid) facts.push(`Transaction id ${d.txid}`);
  return facts;
}

/**
 * A transaction's timeline for an admin (issue 38 record view): every recorded step, oldest first,
 * with when, who did it (an admin's name, or the system) and why. The investor's timeline lives in
 * the dashboard feature and speaks to the investor; this one states the record.
 */
export function AdminTimeline({ events }: { events: readonly AdminTimelineEvent[] }) {
  if (events.length === 0) return <Typography color="text.secondary">No steps recorded.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {STEP_NAMES[event.kind] ?? event.kind}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <time dateTime={event.at}>{formatDate(event.at)}</time>
            {` \u00b7 ${event.actorName ? `by ${event.actorName}` : 'by the system'}`}
          </Typography>
          {event.reason && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`Reason: ${event.reason}`}
            </Typography>
          )}
          {stepFacts(event).map((fact) => (
            <Typography key={fact} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {fact}
            </Typography>
          ))}
          {event.data.explorerUrl && (
            <Link href={event.data.explorerUrl} target="_blank" rel="noopener noreferrer" variant="body2">
              View the payout on the explorer
            </Link>
          )}
        </Box>
      ))}
    </Box>
  );
}
