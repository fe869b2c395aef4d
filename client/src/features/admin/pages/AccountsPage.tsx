import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { msg } from '@cryptovest/common';
import { useMemo, useState } from 'react';
import type { AccountSort } from '../../../generated/graphql';
import { useAdminAccountsQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { AccountEditDialog } from '../accounts/AccountEditDialog';
import { AccountHistoryDialog } from '../accounts/AccountHistoryDialog';
import { ACCOUNT_AMOUNTS, ACCOUNT_SORT, isOwned, type AdminAccount, type OwnedAccount } from '../accounts/accountForm';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { TruncatedText } from '../../../components/TruncatedText';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { ColumnChooser } from '../components/ColumnChooser';
import { EMAIL_MAX_WIDTH, NAME_MAX_WIDTH } from '../components/columnWidths';
import { SearchBar } from '../components/SearchBar';
import { useChosenColumns, type ColumnDefaults } from '../components/useChosenColumns';
import { translatedColumns } from '../components/translatedColumns';
import { useRecordParam } from '../components/useRecordParam';
import { useUrlFilters } from '../components/useUrlFilters';
import { UserRecordDrawer } from '../users/UserRecordDrawer';

const SORT_KEYS = Object.values(ACCOUNT_SORT).concat('DATE') as AccountSort[];

/**
 * The spec's columns of the accounts table (SPEC §2: owner, then every amount), all in the
 * chooser; headers are English catalogue keys, amounts in the reader's format.
 */
function accountColumns({ money }: AdminWords): PagedColumn<AdminAccount>[] {
  return [
    {
      header: msg('Full Name'),
      cell: (a) => <TruncatedText text={a.user?.fullName} maxWidth={NAME_MAX_WIDTH} />,
    },
    { header: msg('Email'), cell: (a) => <TruncatedText text={a.user?.email} maxWidth={EMAIL_MAX_WIDTH} /> },
    ...ACCOUNT_AMOUNTS.map(({ name, label }) => ({
      header: label,
      cell: (a: AdminAccount) => money(a[name]),
      nowrap: true,
      sortKey: ACCOUNT_SORT[name],
    })),
  ];
}

/** What fits without a sideways scroll: the owner and the four dollar amounts; coins through "Columns". */
const DEFAULTS: ColumnDefaults = {
  desktop: ['Full Name', 'Email', 'Balance', 'Profit', 'Investment'],
  phone: ['Full Name', 'Email', 'Balance'],
};

/** The drawer is keyed by the account's owner (the user id every account query takes), not the account id. */
const ownerId = (a: AdminAccount) => a.user?.id ?? null;

/**
 * /admin/accounts: every investor's amounts as dollars, sorted on the server by any amount, with the
 * search, sort and page in the URL. It shows the columns that fit (the coins and wallet balance
 * through "Columns"); a row opens the investor's record in a side drawer (`?record=<user id>`),
 * and each row keeps its edit and history buttons in view.
 */
export function AccountsPage() {
  const words = useAdminWords();
  const { t } = words;
  const allColumns = useMemo(() => accountColumns(words), [words]);
  const paging = useUrlFilters<AccountSort>({ filters: {}, sortKeys: SORT_KEYS });
  const query = useAdminAccountsQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const [open, setOpen] = useState<{ account: OwnedAccount; view: 'edit' | 'history' } | null>(null);
  const record = useRecordParam();
  const chosen = useChosenColumns('admin.accounts.columns', allColumns, DEFAULTS);
  const page = (query.data ?? query.previousData)?.accounts;
  const openRow = page?.items.find((a) => ownerId(a) === record.recordId);

  const columns: PagedColumn<AdminAccount>[] = [
    ...chosen.shown,
    {
      header: msg('Options'),
      sticky: true,
      cell: (a) =>
        isOwned(a) && (
          <Box sx={{ display: 'flex' }}>
            <IconButton
              size="small"
              aria-label={t('Edit {{name}}', { name: a.user.fullName })}
              onClick={() => setOpen({ account: a, view: 'edit' })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('History of {{name}}', { name: a.user.fullName })}
              onClick={() => setOpen({ account: a, view: 'history' })}
            >
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Box>
        ),
    },
  ];
  const close = () => setOpen(null);

  return (
    <DashboardPage title={t('Accounts')}>
      <SearchBar placeholder={t('search by user')} onSearch={paging.setSearch} defaultValue={paging.search}>
        <Box sx={{ ml: { sm: 'auto' } }}>
          <ColumnChooser headers={allColumns.map((c) => c.header)} columns={chosen} />
        </Box>
      </SearchBar>
      <PagedTable
        label={t('Accounts')}
        columns={translatedColumns(columns, t)}
        sorting={paging.sorting}
        {...pagedQueryProps(query, page, paging)}
        minWidth={chosen.phone ? 560 : 120 * (chosen.shown.length + 2)}
        emptyText={t('No accounts found.')}
        onRowOpen={(a) => {
          const id = ownerId(a);
          if (id) record.open(id);
        }}
        openRowId={openRow?.id ?? null}
      />
      {open?.view === 'edit' && (
        <AccountEditDialog account={open.account} onClose={close} onSaved={() => void query.refetch()} />
      )}
      {open?.view === 'history' && <AccountHistoryDialog account={open.account} onClose={close} />}
      <UserRecordDrawer
        record={record}
        onChanged={() => void query.refetch()}
        rowIdOf={(userId) => page?.items.find((a) => ownerId(a) === userId)?.id ?? userId}
      />
    </DashboardPage>
  );
}
