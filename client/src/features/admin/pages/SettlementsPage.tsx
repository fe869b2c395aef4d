import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import type { SettlementRowFragment } from '../../../generated/graphql';
import { useSettleDepositsMutation, useSettlementQueueQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { TruncatedText } from '../../../components/TruncatedText';
import { useAdminWords } from '../components/adminWords';
import { EMAIL_MAX_WIDTH } from '../components/columnWidths';
import { translatedColumns } from '../components/translatedColumns';
import { useAdminPaging } from '../components/useAdminPaging';
import { SettlementResultCell, SettlementStateCell, type RowResult } from '../settlements/SettlementCells';
import { settleSummary } from '../settlements/settleSummary';
import { pageSelectionState, useSelection } from '../settlements/useSelection';

/** A row can be ticked until it is settled. */
const selectable = (row: SettlementRowFragment) => row.settlementState !== 'SETTLED';

/**
 * /admin/settlements "Due for settlement" (issue 12): matured deposits waiting for an admin (DUE,
 * review mode) or held (HELD, with why). Tick one or many, "Settle selected" settles them in one
 * action (one idempotency key); each row then shows what happened to it until the list is refreshed.
 */
export function SettlementsPage() {
  const { t, money, stamp } = useAdminWords();
  const paging = useAdminPaging();
  const query = useSettlementQueueQuery({
    variables: { page: paging.variables.page, pageSize: paging.pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const [settle, { loading: settling }] = useSettleDepositsMutation();
  const selection = useSelection();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [results, setResults] = useState<ReadonlyMap<string, RowResult>>(new Map());
  const page = (query.data ?? query.previousData)?.settlementQueue;
  const pageIds = (page?.items ?? []).filter(selectable).map((row) => row.id);
  const header = pageSelectionState(pageIds, selection.selected);
  const count = selection.selected.size;

  const settleSelected = async () => {
    const ids = [...selection.selected];
    try {
      const { data } = await settle({ variables: { ids, idempotencyKey: keys.keyFor({ ids }) } });
      keys.settle();
      const outcomes = data?.settleDeposits ?? [];
      setResults(new Map(outcomes.map((o) => [o.id, { settled: o.settled, reason: o.reason ?? null }])));
      selection.setMany(
        outcomes.filter((o) => o.settled).map((o) => o.id),
        false,
      );
      const summary = settleSummary(outcomes, t);
      enqueueSnackbar(summary.message, { variant: summary.variant });
    } catch (error) {
      keys.settle(error);
      reportError(error);
    }
  };

  const refresh = () => {
    setResults(new Map());
    void query.refetch().catch(() => undefined);
  };

  const columns: PagedColumn<SettlementRowFragment>[] = [
    {
      header: msg('Select'),
      headerContent: (
        <Checkbox
          size="small"
          checked={header.all}
          indeterminate={header.some}
          disabled={pageIds.length === 0}
          onChange={(event) => selection.setMany(pageIds, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('Select every deposit on this page') } }}
        />
      ),
      cell: (row) => (
        <Checkbox
          size="small"
          checked={selection.has(row.id)}
          disabled={!selectable(row)}
          onChange={() => selection.toggle(row.id)}
          slotProps={{
            input: {
              'aria-label': row.user?.fullName
                ? t("Select {{name}}'s {{amount}} deposit", { name: row.user.fullName, amount: money(row.amount) })
                : t("Select unknown user's {{amount}} deposit", { amount: money(row.amount) }),
            },
          }}
        />
      ),
    },
    {
      header: msg('User'),
      cell: (row) => (
        <>
          <TruncatedText text={row.user?.fullName} maxWidth={EMAIL_MAX_WIDTH} fontWeight={600} />
          <TruncatedText text={row.user?.email} maxWidth={EMAIL_MAX_WIDTH} variant="caption" color="text.secondary" />
        </>
      ),
    },
    { header: msg('Plan'), cell: (row) => row.plan || EMPTY_VALUE },
    { header: msg('Amount'), cell: (row) => money(row.amount), nowrap: true },
    { header: msg('Matured at'), cell: (row) => (row.maturesAt ? stamp(row.maturesAt) : EMPTY_VALUE), nowrap: true },
    { header: msg('State'), cell: (row) => <SettlementStateCell row={row} /> },
    { header: msg('Result'), cell: (row) => <SettlementResultCell result={results.get(row.id)} /> },
  ];

  return (
    <DashboardPage title={t('Due for settlement')}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t(
          'Deposits whose plan term has ended and that wait for an admin: due ones (when settlement is set to review) and held ones, which could not be paid automatically.',
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Button
          variant="contained"
          color="secondary"
          disabled={count === 0 || settling}
          onClick={() => void settleSelected()}
        >
          {count > 0 ? t('Settle selected ({{n}})', { n: count }) : t('Settle selected')}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<RefreshIcon />} onClick={refresh}>
          {t('Refresh list')}
        </Button>
      </Box>
      <PagedTable
        label={t('Due for settlement')}
        columns={translatedColumns(columns, t)}
        {...pagedQueryProps(query, page, paging)}
        minWidth={900}
        emptyText={t('Nothing is due for settlement.')}
      />
    </DashboardPage>
  );
}
