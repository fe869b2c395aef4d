import { ComingSoon } from '../../../components/ComingSoon';

/** /change-password?token=...: choose a new password after a reset. */
export function ChangePasswordPage() {
  return <ComingSoon title="Change password" message="Changing your password is coming soon." />;
}
