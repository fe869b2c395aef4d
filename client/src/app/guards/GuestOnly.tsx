import { Navigate, Outlet } from 'react-router';
import { dashboardPathFor } from '../session';
import { useToken } from '../useToken';

/**
 * Guest-only pages (/login, /register, /verify-email, /reset-password, /change-password): a
 * stored token sends the user to their dashboard (SPEC §2; admins to /admin, see README).
 */
export function GuestOnly() {
  const token = useToken();
  return token ? <Navigate to={dashboardPathFor(token)} replace /> : <Outlet />;
}
