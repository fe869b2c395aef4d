import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { CountryName } from '../../../components/CountryName';
import { useMemo, useState } from 'react';
import type { UserSort } from '../../../generated/graphql';
import { useAdminUsersQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { TruncatedText } from '../../../components/TruncatedText';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { ColumnChooser } from '../components/ColumnChooser';
import { EMAIL_MAX_WIDTH, NAME_MAX_WIDTH } from '../components/columnWidths';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBar } from '../components/SearchBar';
import { useChosenColumns, type ColumnDefaults } from '../components/useChosenColumns';
import { translatedColumns } from '../components/translatedColumns';
import { useRecordParam } from '../components/useRecordParam';
import { booleanParam, useUrlFilters, type UrlFilterSpec } from '../components/useUrlFilters';
import { UserEditDialog } from '../users/UserEditDialog';
import type { AdminUser } from '../users/userForm';
import { UserRecordDrawer } from '../users/UserRecordDrawer';

/** The users list's filters in the URL: `?premium=true`. */
const FILTERS: UrlFilterSpec<{ premium: boolean }> = { premium: { parse: booleanParam } };
const SORT_KEYS: UserSort[] = ['DATE', 'NAME'];

/**
 * The spec's columns of the users table (SPEC §2), every one available through the column
 * chooser; headers are English catalogue keys, dates in the reader's format.
 */
function userColumns({ stamp }: AdminWords): PagedColumn<AdminUser>[] {
  return [
    {
      header: msg('Full Name'),
      cell: (u) => <TruncatedText text={u.fullName} maxWidth={NAME_MAX_WIDTH} />,
      sortKey: 'NAME',
      firstDirection: 'ASC',
    },
    { header: msg('Email'), cell: (u) => <TruncatedText text={u.email} maxWidth={EMAIL_MAX_WIDTH} /> },
    { header: msg('Phone Number'), cell: (u) => u.phoneNumber || EMPTY_VALUE, nowrap: true },
    { header: msg('Country'), cell: (u) => <CountryName code={u.country} /> },
    { header: msg('Joined'), cell: (u) => stamp(u.createdAt), nowrap: true, sortKey: 'DATE' },
  ];
}

/** What fits without a sideways scroll: 1280 px shows all but the phone; a phone the name and date. */
const DEFAULTS: ColumnDefaults = {
  desktop: ['Full Name', 'Email', 'Country', 'Joined'],
  phone: ['Full Name', 'Email', 'Joined'],
};

/**
 * /admin and /admin/users: the users table, searchable, filtered and sorted on the server, with the
 * search, filter, sort and page kept in the URL. It shows the columns that fit (the rest through
 * "Columns"); a row opens the user's record in a side drawer with its own URL (`?record=<id>`), and
 * the edit button of each row stays in view.
 */
export function UsersPage() {
  const words = useAdminWords();
  const { t } = words;
  const allColumns = useMemo(() => userColumns(words), [words]);
  const paging = useUrlFilters<UserSort, { premium: boolean }>({ filters: FILTERS, sortKeys: SORT_KEYS });
  const query = useAdminUsersQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const record = useRecordParam();
  const chosen = useChosenColumns('admin.users.columns', allColumns, DEFAULTS);

  const columns: PagedColumn<AdminUser>[] = [
    ...chosen.shown,
    {
      header: msg('Options'),
      sticky: true,
      cell: (u) => (
        <IconButton size="small" aria-label={t('Edit {{name}}', { name: u.fullName })} onClick={() => setEditing(u)}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <DashboardPage title={t('Users')}>
      <SearchBar placeholder={t('search for users')} onSearch={paging.setSearch} defaultValue={paging.search}>
        <FilterSelect
          label={t('Premium')}
          allLabel={t('All users')}
          options={[
            { label: t('Premium only'), value: true },
            { label: t('Not premium'), value: false },
          ]}
          value={paging.filters.premium}
          onChange={(value) => paging.setFilter('premium', value)}
        />
        <Box sx={{ ml: { sm: 'auto' } }}>
          <ColumnChooser headers={allColumns.map((c) => c.header)} columns={chosen} />
        </Box>
      </SearchBar>
      <PagedTable
        label={t('Users')}
        columns={translatedColumns(columns, t)}
        sorting={paging.sorting}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.users, paging)}
        minWidth={chosen.phone ? 560 : 640}
        emptyText={t('No users found.')}
        onRowOpen={(u) => record.open(u.id)}
        openRowId={record.recordId}
      />
      {editing && (
        <UserEditDialog user={editing} onClose={() => setEditing(null)} onSaved={() => void query.refetch()} />
      )}
      <UserRecordDrawer record={record} onChanged={() => void query.refetch()} />
    </DashboardPage>
  );
}
