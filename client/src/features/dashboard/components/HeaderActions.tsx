import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ThemeModeToggle } from '../../../components/ThemeModeToggle';
import { useDashboardProfileQuery } from '../../../generated/hooks';
import { NotificationBell } from '../notifications/NotificationBell';
import { UserAvatar } from './UserAvatar';

/**
 * The investor's header actions: the colour theme (issue 14), the notification bell and the
 * profile image linking to Settings (SPEC §2 on phones; issue 12 adds them at the top right on
 * desktop). Colours are inherited.
 */
export function HeaderActions() {
  const { t } = useTranslation('dashboard');
  const { data } = useDashboardProfileQuery();
  const me = data?.me;
  return (
    <Box component="nav" aria-label={t('Account')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <ThemeModeToggle inheritColor />
      <NotificationBell />
      <IconButton component={RouterLink} to="/dashboard/settings" aria-label={t('Settings')} sx={{ p: 0.5 }}>
        <UserAvatar
          fullName={me?.fullName}
          profileImage={me?.profileImage}
          sx={{ width: 34, height: 34, fontSize: 15 }}
        />
      </IconButton>
    </Box>
  );
}
