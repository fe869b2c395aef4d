import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EMPTY_VALUE, msg, MSG } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { useCoinsQuery } from '../../../generated/hooks';
import { useWording } from '../components/wording';
import { Sparkline } from './Sparkline';

/** The table's headings (catalogue keys). */
const HEADINGS = [msg('Coin'), msg('Price'), msg('24h'), msg('7 days')];

/** Rate Chart tab (lazily loaded): each coin's price, 24 h change and a 7-day sparkline. */
export function RateChart({ exchange }: { exchange: string }) {
  const { t } = useTranslation('dashboard');
  const { money, percent, stamp } = useWording();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, loading } = useCoinsQuery({ variables: { exchange } });
  useEffect(() => {
    if (error) enqueueSnackbar(t(MSG.coinDataFailed), { variant: 'error' });
  }, [error, enqueueSnackbar, t]);

  if (loading && !data) return <Loader label={t('Loading prices')} />;
  const market = data?.coins;
  if (!market || market.status === 'UNAVAILABLE' || market.coins.length === 0) {
    return <Alert severity="info">{t('Prices are unavailable right now')}</Alert>;
  }
  return (
    <>
      {market.status === 'STALE' && market.updatedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('prices as of {{date}}', { date: stamp(market.updatedAt) })}
        </Alert>
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('Coin prices over 7 days')} sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              {HEADINGS.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {t(h)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {market.coins.map((coin) => {
              const first = coin.sparkline[0];
              const last = coin.sparkline[coin.sparkline.length - 1];
              const change = coin.change24hPercent;
              return (
                <TableRow key={coin.name}>
                  <TableCell sx={{ textTransform: 'capitalize' }}>
                    {coin.name} ({coin.symbol})
                  </TableCell>
                  <TableCell>{money(coin.priceUsd)}</TableCell>
                  <TableCell sx={{ color: change?.startsWith('-') ? 'error.main' : 'success.main' }}>
                    {change
                      ? t('{{percent}}%', { percent: percent(change, { maxDecimals: 2, minDecimals: 2 }) })
                      : EMPTY_VALUE}
                  </TableCell>
                  <TableCell>
                    <Sparkline
                      points={coin.sparkline}
                      label={t('{{coin}} over 7 days: from {{from}} to {{to}}', {
                        coin: coin.name,
                        from: money(first),
                        to: money(last),
                      })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
