import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { Loader } from '../../../components/Loader';
import { DashboardPage } from '../../../components/DashboardPage';
import { useReachable } from '../stocks/useReachable';

/**
 * /dashboard/stocks: the operator's third-party market chart (SITE_FILE `marketChartUrl`) in a
 * sandboxed iframe. When the provider cannot be reached (offline, blocked) the page says so.
 */
export function StocksPage() {
  const { t } = useTranslation('dashboard');
  const { marketChartUrl } = useSite();
  const { state, retry } = useReachable(marketChartUrl);
  return (
    <DashboardPage title={t('Stocks')}>
      {state === 'checking' && <Loader label={t('Loading the market chart')} />}
      {state === 'offline' && (
        <Alert
          severity="info"
          action={
            marketChartUrl ? (
              <Button color="inherit" size="small" onClick={retry}>
                {t('Retry')}
              </Button>
            ) : undefined
          }
        >
          {marketChartUrl
            ? t('The market chart comes from {{host}} and could not be reached. Check your connection and try again.', {
                host: new URL(marketChartUrl).hostname,
              })
            : t('The market chart is not available on this site.')}
        </Alert>
      )}
      {state === 'online' && marketChartUrl && (
        <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3 }}>
          <Box
            component="iframe"
            src={marketChartUrl}
            title={t('Market chart')}
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            loading="lazy"
            sx={{ display: 'block', width: '100%', height: { xs: 420, md: 620 }, border: 0 }}
          />
        </Paper>
      )}
    </DashboardPage>
  );
}
