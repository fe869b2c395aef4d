import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardProfileQuery } from '../../../generated/graphql';
import { SafeHtml } from '../../../components/SafeHtml';
import { bannerContent } from './banner';

/** The overview banner: announcement, premium message/congratulations, or 'Upgrade now'. */
export function Banner({ user }: { user: DashboardProfileQuery['me'] }) {
  const { t } = useTranslation('dashboard');
  const content = bannerContent(user, (key, params) => t(key, params));
  const upgrade = content.kind === 'upgrade';
  return (
    <Alert
      severity={upgrade ? 'info' : 'success'}
      variant="outlined"
      sx={{ mb: 3, whiteSpace: 'pre-line', alignItems: 'center', '& p': { m: 0 }, '& ul, & ol': { my: 0.5, pl: 3 } }}
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
            {t('Upgrade now')}
          </Button>
        ) : undefined
      }
    >
      {content.kind === 'announcement' ? <SafeHtml html={content.html} /> : content.text}
    </Alert>
  );
}
