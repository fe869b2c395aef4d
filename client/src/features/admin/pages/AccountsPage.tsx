import { ComingSoon } from '../../../components/ComingSoon';

/** /admin/accounts: per-user balances. */
export function AccountsPage() {
  return <ComingSoon title="Accounts" message="Account management is coming soon." />;
}
