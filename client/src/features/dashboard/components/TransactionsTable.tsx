import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useMyTransactionsQuery } from '../../../generated/hooks';
import { TRANSACTION_COLUMNS, TransactionRow } from './TransactionRow';

/** Props of TransactionsTable. */
export interface TransactionsTableProps {
  /** Rows per page: PAGE_SIZE.overview (4) or PAGE_SIZE.transactions (8). */
  pageSize: number;
  /** Accessible name of the table. */
  label?: string;
}

/** The investor's transactions, paged by the server, scrolling horizontally on phones. */
export function TransactionsTable({ pageSize, label = 'Transactions' }: TransactionsTableProps) {
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error, refetch } = useMyTransactionsQuery({
    variables: { page: page + 1, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.myTransactions;

  if (error && !result) return <RetryAlert onRetry={() => refetch()}>Could not load your transactions.</RetryAlert>;
  if (!result) return <Loader label="Loading transactions" />;

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <LinearProgress
        color="secondary"
        aria-label="Loading transactions"
        sx={{ visibility: loading ? 'visible' : 'hidden' }}
      />
      {/* Focusable so keyboard users can scroll it sideways on a phone (axe scrollable-region-focusable). */}
      <TableContainer
        sx={{ overflowX: 'auto' }}
        aria-busy={loading}
        tabIndex={0}
        role="region"
        aria-label="Transactions"
      >
        <Table size="small" aria-label={label} sx={{ minWidth: 820 }}>
          <TableHead>
            <TableRow>
              {TRANSACTION_COLUMNS.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading ? 0.5 : 1 }}>
            {result.items.map((trx) => (
              <TransactionRow key={trx.id} trx={trx} />
            ))}
            {result.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={TRANSACTION_COLUMNS.length} align="center" sx={{ py: 4 }}>
                  No transactions yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => setPage(next)}
      />
    </Paper>
  );
}
