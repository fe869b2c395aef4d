import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/settings: profile, withdrawal wallets and password. */
export function SettingsPage() {
  return <ComingSoon title="Settings" message="Account settings are coming soon." />;
}
