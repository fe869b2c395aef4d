import { Navigate, Outlet } from 'react-router';
import { landingPathFor } from '../../session/session';
import { useToken } from '../../session/useToken';

/**
 * Guest-only pages (/login, /register, /verify-email, /reset-password, /change-password): a
 * stored token sends the user to their dashboard (SPEC §2; admins to /admin, see README). It
 * uses the same rule as the login redirect, so the two never race to different places.
 */
export function GuestOnly() {
  const token = useToken();
  return token ? <Navigate to={landingPathFor(token)} replace /> : <Outlet />;
}
