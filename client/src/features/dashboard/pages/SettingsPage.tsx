import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { msg } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAccountQuery, useDashboardProfileQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { EmailNotificationsSwitch } from '../settings/EmailNotificationsSwitch';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { PasswordForm } from '../settings/PasswordForm';
import { ProfileForm } from '../settings/ProfileForm';
import { ProfileImagePicker } from '../settings/ProfileImagePicker';
import { WithdrawalAddressesForm } from '../settings/WithdrawalAddressesForm';
import { LIVE_QUERY } from '../live/refetch';
import { SecuritySettings } from '../../security/SecuritySettings';

/** The tabs' names (catalogue keys); lower-cased, each is also its `?tab=` value. */
const TABS = [msg('Profile'), msg('Withdrawal'), msg('Password'), msg('Security')] as const;

/**
 * /dashboard/settings: tabs Profile, Withdrawal and Password, once the account is loaded (SPEC §2),
 * and Security (two-factor sign-in, passkeys, API keys: issue 13).
 */
export function SettingsPage() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  // `?tab=security` opens that tab directly, so a link can point at it.
  const [tab, setTab] = useState(() =>
    Math.max(
      0,
      TABS.findIndex((name) => name.toLowerCase() === params.get('tab')),
    ),
  );
  const profile = useDashboardProfileQuery();
  const account = useAccountQuery(LIVE_QUERY);
  const me = profile.data?.me;
  const acc = account.data?.account;
  const failed = (profile.error && !me) || (account.error && !acc);

  return (
    <DashboardPage title={t('Settings')}>
      {failed && (
        <RetryAlert onRetry={() => Promise.all([profile.refetch(), account.refetch()])}>
          {t('Could not load your settings.')}
        </RetryAlert>
      )}
      {!failed && (!me || !acc) && <Loader />}
      {me && acc && (
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_, next: number) => setTab(next)}
            aria-label={t('Settings')}
            textColor="secondary"
            indicatorColor="secondary"
            // Scroll buttons, also on touch screens, whenever the tabs don't all fit (issue 38).
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            {TABS.map((label, i) => (
              <Tab
                key={label}
                label={t(label)}
                id={`settings-tab-${i}`}
                aria-controls={`settings-panel-${i}`}
                // Narrower on phones, so all four tabs fit at 390 px without scrolling.
                sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } }}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`settings-panel-${tab}`}
            aria-labelledby={`settings-tab-${tab}`}
            sx={{ p: { xs: 2, md: 3 } }}
          >
            {tab === 0 && (
              <>
                <ProfileImagePicker fullName={me.fullName} profileImage={me.profileImage ?? null} />
                <ProfileForm user={me} />
                <EmailNotificationsSwitch userId={me.id} enabled={me.emailNotifications} />
                <Box sx={{ mt: 3 }}>
                  <LanguageSelect />
                </Box>
              </>
            )}
            {tab === 1 && <WithdrawalAddressesForm account={acc} />}
            {tab === 2 && <PasswordForm />}
            {tab === 3 && <SecuritySettings isAdmin={false} />}
          </Box>
        </Paper>
      )}
    </DashboardPage>
  );
}
