import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/wallet: investment, balance, profit and per-coin balances. */
export function WalletPage() {
  return <ComingSoon title="Wallet" message="Your wallet is coming soon." />;
}
