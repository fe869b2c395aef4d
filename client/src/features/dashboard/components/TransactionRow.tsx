import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import type { MyTransactionsQuery } from '../../../generated/graphql';

/** One transaction as listed by `myTransactions`. */
export type TransactionItem = MyTransactionsQuery['myTransactions']['items'][number];

/** Column headings of the transactions table, in order. */
export const TRANSACTION_COLUMNS = ['Date', 'Type', 'Amount', 'Crypto', 'Plan', 'Expected profit', 'Status', 'Proof'];

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A transaction's date, or the em dash when unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EMPTY_VALUE : dateFormat.format(date);
}

const statusColor = { CONFIRMED: 'success', DECLINED: 'error', PENDING: 'default' } as const;

/** One row: DEPOSIT is a green chip, other types amber; missing values show an em dash. */
export function TransactionRow({ trx }: { trx: TransactionItem }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(trx.createdAt)}</TableCell>
      <TableCell>
        <Chip size="small" label={trx.trxType} color={trx.trxType === 'DEPOSIT' ? 'success' : 'warning'} />
      </TableCell>
      <TableCell>{formatMoney(trx.amount)}</TableCell>
      <TableCell sx={{ textTransform: 'capitalize' }}>{trx.crypto || EMPTY_VALUE}</TableCell>
      <TableCell>{trx.plan || EMPTY_VALUE}</TableCell>
      <TableCell>{formatMoney(trx.expectedProfit)}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={trx.status} color={statusColor[trx.status]} />
      </TableCell>
      <TableCell>
        {trx.imageUrl ? (
          <Link
            href={trx.imageUrl}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            aria-label="view proof (opens in a new tab)"
          >
            view
          </Link>
        ) : (
          EMPTY_VALUE
        )}
      </TableCell>
    </TableRow>
  );
}
