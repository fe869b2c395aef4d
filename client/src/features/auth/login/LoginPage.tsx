import { ComingSoon } from '../../../components/ComingSoon';

/** /login (also shown in place of guarded pages when signed out). */
export function LoginPage() {
  return <ComingSoon title="Sign in" message="Sign-in is coming soon." />;
}
