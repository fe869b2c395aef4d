import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/DashboardPage';
import { SecuritySettings } from '../../security/SecuritySettings';
import { EnrolmentNotice } from '../security/EnrolmentNotice';
import { useAdminConfinement } from '../security/useAdminConfinement';

/**
 * /admin/security: the administrator's own two-factor sign-in, passkeys and API keys (issue 13).
 * Also the only page an administrator without a second factor can use, with why and what to do.
 */
export function AdminSecurityPage() {
  const { t } = useTranslation('admin');
  const confinement = useAdminConfinement();
  const [wasConfined, setWasConfined] = useState(false);
  if ((confinement === 'enrol' || confinement === 'reauth') && !wasConfined) setWasConfined(true);
  return (
    <DashboardPage title={t('Security')}>
      <EnrolmentNotice confinement={confinement} wasConfined={wasConfined} />
      <SecuritySettings isAdmin />
    </DashboardPage>
  );
}
