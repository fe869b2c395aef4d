import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@cryptovest/common';
import { useMemo, useState } from 'react';
import { DashboardPage } from '../../../components/DashboardPage';
import { PagedTable, pagedQueryProps } from '../../../components/paged';
import type { TransactionSort, TrxStatus, TrxType } from '../../../generated/graphql';
import { useAdminTransactionsQuery } from '../../../generated/hooks';
import { useAdminWords } from '../components/adminWords';
import { ColumnChooser } from '../components/ColumnChooser';
import { AllTransactionsExport } from '../exports/AllTransactionsExport';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBar } from '../components/SearchBar';
import { useChosenColumns } from '../components/useChosenColumns';
import { translatedColumns } from '../components/translatedColumns';
import { useRecordParam } from '../components/useRecordParam';
import { isoDate, oneOf, useUrlFilters, type UrlFilterSpec } from '../components/useUrlFilters';
import { useSelection, type Selection } from '../settlements/useSelection';
import { BulkReview, type BulkItem } from '../transactions/BulkReview';
import { DateRangeFilter, isBackwards } from '../transactions/DateRangeFilter';
import {
  isBulkReviewable,
  selectColumn,
  TRANSACTION_COLUMN_DEFAULTS,
  TRANSACTION_COLUMNS_KEY,
  transactionColumns,
  type AdminTransaction,
} from '../transactions/transactionColumns';
import { statusWord, typeWord } from '../transactions/statusWords';
import { TransactionRecordDrawer } from '../transactions/TransactionRecord';

export type { AdminTransaction } from '../transactions/transactionColumns';

/** The filters of the transactions list (server arguments). */
interface TransactionFilters {
  status: TrxStatus;
  trxType: TrxType;
  from: string;
  to: string;
}

/**
 * How the filters live in the URL: `?status=PENDING&type=DEPOSIT&from=2026-01-01&to=2026-01-31`
 * (the overview's cards link to `?status=PENDING&type=DEPOSIT` and `?status=PENDING&type=WITHDRAWAL`).
 */
const URL_FILTERS: UrlFilterSpec<TransactionFilters> = {
  status: { parse: oneOf(TRANSACTION_STATUSES as readonly TrxStatus[]) },
  trxType: { param: 'type', parse: oneOf(TRANSACTION_TYPES as readonly TrxType[]) },
  from: { parse: isoDate },
  to: { parse: isoDate },
};
const SORT_KEYS: readonly TransactionSort[] = ['DATE', 'AMOUNT'];

/**
 * /admin/transactions (issue 38): the columns that fit at 1280 px without a sideways scroll (date,
 * investor, type, amount, status, short txid with copy) and every other column of the spec through
 * "Columns" (remembered); filters, sort and page in the URL so a view can be bookmarked; a row opens
 * its record in a side drawer with its own URL (`?record=<id>`); ticked pending deposits can be
 * confirmed or declined together with one reason. Earlier: date and txid (issue 14), chain check
 * (issue 35), status changes asked first with their effect on the money.
 */
export function AdminTransactionsPage() {
  const words = useAdminWords();
  const { t } = words;
  const paging = useUrlFilters<TransactionSort, TransactionFilters>({ filters: URL_FILTERS, sortKeys: SORT_KEYS });
  const { from, to } = paging.filters;
  const backwards = isBackwards(from, to);
  // A last day before the first is pointed out at the field and not sent (the server would refuse it).
  const variables = backwards ? { ...paging.variables, to: undefined } : paging.variables;
  const query = useAdminTransactionsQuery({ variables, notifyOnNetworkStatusChange: true });
  const refetch = () => void query.refetch().catch(() => undefined);
  const record = useRecordParam();
  const selection = useSelection();
  const result = (query.data ?? query.previousData)?.adminTransactions;
  const rows = useMemo(() => result?.items ?? [], [result]);

  const allColumns = transactionColumns({
    onChanged: refetch,
    rowNumber: (row) => paging.page * paging.pageSize + rows.indexOf(row) + 1,
    words,
  });
  const columns = useChosenColumns(TRANSACTION_COLUMNS_KEY, allColumns, TRANSACTION_COLUMN_DEFAULTS);
  // What the bulk review knows of each ticked deposit, kept from the page it was ticked on.
  const [items, setItems] = useState<ReadonlyMap<string, BulkItem>>(new Map());
  const ticking: Selection = useMemo(() => {
    const remember = (ids: readonly string[]) =>
      setItems((known) => {
        const next = new Map(known);
        for (const row of rows)
          if (ids.includes(row.id))
            next.set(row.id, { id: row.id, amount: row.amount, owner: row.user?.fullName ?? null });
        return next;
      });
    return {
      ...selection,
      toggle: (id) => {
        remember([id]);
        selection.toggle(id);
      },
      setMany: (ids, on) => {
        if (on) remember(ids);
        selection.setMany(ids, on);
      },
    };
  }, [rows, selection]);

  return (
    <DashboardPage title={t('Transactions')}>
      <SearchBar placeholder={t('search by full name')} onSearch={paging.setSearch} defaultValue={paging.search}>
        <FilterSelect
          label={t('Status')}
          allLabel={t('All statuses')}
          options={TRANSACTION_STATUSES.map((value) => ({ label: statusWord(t, value), value: value as TrxStatus }))}
          value={paging.filters.status}
          onChange={(value) => paging.setFilter('status', value)}
        />
        <FilterSelect
          label={t('Type')}
          allLabel={t('All types')}
          options={TRANSACTION_TYPES.map((value) => ({ label: typeWord(t, value), value: value as TrxType }))}
          value={paging.filters.trxType}
          onChange={(value) => paging.setFilter('trxType', value)}
        />
        <DateRangeFilter from={from} to={to} onChange={(which, day) => paging.setFilter(which, day)} />
        <Box sx={{ ml: { md: 'auto' } }}>
          <ColumnChooser headers={allColumns.map((column) => column.header)} columns={columns} />
        </Box>
      </SearchBar>
      <BulkReview
        selection={ticking}
        items={items}
        pageIds={rows.filter(isBulkReviewable).map((row) => row.id)}
        onDone={refetch}
      />
      <PagedTable
        label={t('Transactions')}
        columns={translatedColumns([selectColumn(rows, ticking, words), ...columns.shown], t)}
        phoneCards
        compact
        numbered={false}
        sorting={paging.sorting}
        {...pagedQueryProps(query, result, paging)}
        minWidth={0}
        emptyText={t('No transactions found.')}
        onRowOpen={(row: AdminTransaction) => record.open(row.id)}
        openRowId={record.recordId}
      />
      <TransactionRecordDrawer
        id={record.recordId}
        onClose={record.close}
        onClosed={record.focusRow}
        onChanged={refetch}
      />
      <Paper component="section" aria-labelledby="export-heading" variant="outlined" sx={{ mt: 3, p: 2 }}>
        <Typography id="export-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('Export for accounting')}
        </Typography>
        <AllTransactionsExport />
      </Paper>
    </DashboardPage>
  );
}
