import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { DashboardProfileQuery } from '../../../generated/graphql';
import { bannerContent } from './banner';

/** The overview banner: announcement, premium message/congratulations, or 'Upgrade now'. */
export function Banner({ user }: { user: DashboardProfileQuery['me'] }) {
  const content = bannerContent(user);
  const upgrade = content.kind === 'upgrade';
  return (
    <Alert
      severity={upgrade ? 'info' : 'success'}
      variant="outlined"
      sx={{ mb: 3, whiteSpace: 'pre-line', alignItems: 'center' }}
      action={
        upgrade ? (
          <Button
            component={RouterLink}
            to="/dashboard/invest"
            variant="contained"
            color="secondary"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Upgrade now
          </Button>
        ) : undefined
      }
    >
      {content.text}
    </Alert>
  );
}
