import { ComingSoon } from '../../../components/ComingSoon';

/** /admin and /admin/users: the users table. */
export function UsersPage() {
  return <ComingSoon title="Users" message="User management is coming soon." />;
}
