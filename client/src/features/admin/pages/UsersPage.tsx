import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useState } from 'react';
import { useAdminUsersQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../dashboard/components/DashboardPage';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/PagedTable';
import { countryName } from '../components/country';
import { SearchBar } from '../components/SearchBar';
import { useAdminPaging } from '../components/useAdminPaging';
import { UserEditDialog } from '../users/UserEditDialog';
import type { AdminUser } from '../users/userForm';

/** /admin and /admin/users: the users table, searchable, with an edit modal per row. */
export function UsersPage() {
  const paging = useAdminPaging();
  const query = useAdminUsersQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const columns: PagedColumn<AdminUser>[] = [
    { header: 'Full Name', cell: (u) => u.fullName, nowrap: true },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Phone Number', cell: (u) => u.phoneNumber || EMPTY_VALUE, nowrap: true },
    { header: 'Country', cell: (u) => countryName(u.country) },
    {
      header: 'Options',
      cell: (u) => (
        <IconButton size="small" aria-label={`Edit ${u.fullName}`} onClick={() => setEditing(u)}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <DashboardPage title="Users">
      <SearchBar placeholder="search for users" onSearch={paging.setSearch} />
      <PagedTable
        label="Users"
        columns={columns}
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
