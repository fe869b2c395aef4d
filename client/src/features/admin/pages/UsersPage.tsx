import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import { countryName, EMPTY_VALUE } from '@cryptovest/common';
import { useState } from 'react';
import type { UserSort } from '../../../generated/graphql';
import { useAdminUsersQuery } from '../../../generated/hooks';
import { formatDate } from '../../../components/transactionCells';
import { DashboardPage } from '../../../components/DashboardPage';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { TruncatedText } from '../../../components/TruncatedText';
import { EMAIL_MAX_WIDTH, NAME_MAX_WIDTH } from '../components/columnWidths';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBar } from '../components/SearchBar';
import { useAdminPaging } from '../components/useAdminPaging';
import { UserEditDialog } from '../users/UserEditDialog';
import type { AdminUser } from '../users/userForm';

/**
 * /admin and /admin/users: the users table, searchable, with an edit modal per row; long names and
 * e-mails are cut (full text on hover and focus) and the edit button stays in view. Sorted by name
 * or signup and filtered by premium on the server; the search also finds country names.
 */
export function UsersPage() {
  const paging = useAdminPaging<UserSort, { premium: boolean }>();
  const query = useAdminUsersQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const columns: PagedColumn<AdminUser>[] = [
    {
      header: 'Full Name',
      cell: (u) => <TruncatedText text={u.fullName} maxWidth={NAME_MAX_WIDTH} />,
      sortKey: 'NAME',
      firstDirection: 'ASC',
    },
    { header: 'Email', cell: (u) => <TruncatedText text={u.email} maxWidth={EMAIL_MAX_WIDTH} /> },
    { header: 'Phone Number', cell: (u) => u.phoneNumber || EMPTY_VALUE, nowrap: true },
    { header: 'Country', cell: (u) => countryName(u.country) },
    { header: 'Joined', cell: (u) => formatDate(u.createdAt), nowrap: true, sortKey: 'DATE' },
    {
      header: 'Options',
      sticky: true,
      cell: (u) => (
        <IconButton size="small" aria-label={`Edit ${u.fullName}`} onClick={() => setEditing(u)}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <DashboardPage title="Users">
      <SearchBar placeholder="search for users" onSearch={paging.setSearch}>
        <FilterSelect
          label="Premium"
          allLabel="All users"
          options={[
            { label: 'Premium only', value: true },
            { label: 'Not premium', value: false },
          ]}
          value={paging.filters.premium}
          onChange={(value) => paging.setFilter('premium', value)}
        />
      </SearchBar>
      <PagedTable
        label="Users"
        columns={columns}
        sorting={paging.sorting}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.users, paging)}
        minWidth={720}
        emptyText="No users found."
      />
      {editing && (
        <UserEditDialog user={editing} onClose={() => setEditing(null)} onSaved={() => void query.refetch()} />
      )}
    </DashboardPage>
  );
}
