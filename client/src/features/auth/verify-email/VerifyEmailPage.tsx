import { ComingSoon } from '../../../components/ComingSoon';

/** /verify-email: enter the 4-digit code sent by e-mail. */
export function VerifyEmailPage() {
  return <ComingSoon title="Verify your email" message="E-mail verification is coming soon." />;
}
