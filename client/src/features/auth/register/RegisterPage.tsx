import { ComingSoon } from '../../../components/ComingSoon';

/** /register: create an investor account. */
export function RegisterPage() {
  return <ComingSoon title="Create Account" message="Registration is coming soon." />;
}
