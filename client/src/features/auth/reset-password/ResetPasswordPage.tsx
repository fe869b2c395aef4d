import { ComingSoon } from '../../../components/ComingSoon';

/** /reset-password: request and check a reset code. */
export function ResetPasswordPage() {
  return <ComingSoon title="Reset password" message="Password reset is coming soon." />;
}
