import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/withdraw: request a withdrawal to a saved wallet. */
export function WithdrawPage() {
  return <ComingSoon title="Withdraw" message="Withdrawals are coming soon." />;
}
