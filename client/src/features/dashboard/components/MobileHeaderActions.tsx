import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { useDashboardProfileQuery } from '../../../generated/hooks';
import { UserAvatar } from './UserAvatar';

/** Phone header actions (SPEC §2): a bell and the profile image linking to Settings. */
export function MobileHeaderActions() {
  const { data } = useDashboardProfileQuery();
  const me = data?.me;
  return (
    <Box component="nav" aria-label="Account" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: '#ffffff' }}>
      <IconButton color="inherit" aria-label="Notifications">
        <NotificationsIcon />
      </IconButton>
      <IconButton component={RouterLink} to="/dashboard/settings" aria-label="Settings" sx={{ p: 0.5 }}>
        <UserAvatar fullName={me?.fullName} profileImage={me?.profileImage} sx={{ width: 34, height: 34 }} />
      </IconButton>
    </Box>
  );
}
