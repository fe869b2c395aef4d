import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { formatMoney } from '@cryptovest/common';
import { useState } from 'react';
import type { AccountSort } from '../../../generated/graphql';
import { useAdminAccountsQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { AccountEditDialog } from '../accounts/AccountEditDialog';
import { AccountHistoryDialog } from '../accounts/AccountHistoryDialog';
import { ACCOUNT_AMOUNTS, ACCOUNT_SORT, isOwned, type AdminAccount, type OwnedAccount } from '../accounts/accountForm';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { TruncatedText } from '../../../components/TruncatedText';
import { EMAIL_MAX_WIDTH, NAME_MAX_WIDTH } from '../components/columnWidths';
import { SearchBar } from '../components/SearchBar';
import { useAdminPaging } from '../components/useAdminPaging';

/**
 * /admin/accounts: every investor's amounts as dollars, with an edit modal and the history per row;
 * long names and e-mails are cut (full text on hover and focus) and the row's buttons stay in view.
 * Any amount column sorts the list on the server.
 */
export function AccountsPage() {
  const paging = useAdminPaging<AccountSort>();
  const query = useAdminAccountsQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const [open, setOpen] = useState<{ account: OwnedAccount; view: 'edit' | 'history' } | null>(null);

  const columns: PagedColumn<AdminAccount>[] = [
    { header: 'Full Name', cell: (a) => <TruncatedText text={a.user?.fullName} maxWidth={NAME_MAX_WIDTH} /> },
    { header: 'Email', cell: (a) => <TruncatedText text={a.user?.email} maxWidth={EMAIL_MAX_WIDTH} /> },
    ...ACCOUNT_AMOUNTS.map(({ name, label }) => ({
      header: label,
      cell: (a: AdminAccount) => formatMoney(a[name]),
      nowrap: true,
      sortKey: ACCOUNT_SORT[name],
    })),
    {
      header: 'Options',
      sticky: true,
      cell: (a) =>
        isOwned(a) && (
          <Box sx={{ display: 'flex' }}>
            <IconButton
              size="small"
              aria-label={`Edit ${a.user.fullName}`}
              onClick={() => setOpen({ account: a, view: 'edit' })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`History of ${a.user.fullName}`}
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
    <DashboardPage title="Accounts">
      <SearchBar placeholder="search by user" onSearch={paging.setSearch} />
      <PagedTable
        label="Accounts"
        columns={columns}
        sorting={paging.sorting}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.accounts, paging)}
        minWidth={1280}
        emptyText="No accounts found."
      />
      {open?.view === 'edit' && (
        <AccountEditDialog account={open.account} onClose={close} onSaved={() => void query.refetch()} />
      )}
      {open?.view === 'history' && <AccountHistoryDialog account={open.account} onClose={close} />}
    </DashboardPage>
  );
}
