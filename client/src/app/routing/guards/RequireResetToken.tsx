import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/** /change-password needs the `?token=` from the reset-code check, else back to /reset-password. */
export function RequireResetToken({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return params.get('token') ? children : <Navigate to="/reset-password" replace />;
}
