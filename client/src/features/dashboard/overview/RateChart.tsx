import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EMPTY_VALUE, formatMoney, MSG } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Loader } from '../../../components/Loader';
import { useCoinsQuery } from '../../../generated/hooks';
import { formatDate } from '../../../components/transactionCells';
import { Sparkline } from './Sparkline';

/** Rate Chart tab (lazily loaded): each coin's price, 24 h change and a 7-day sparkline. */
export function RateChart({ exchange }: { exchange: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, loading } = useCoinsQuery({ variables: { exchange } });
  useEffect(() => {
    if (error) enqueueSnackbar(MSG.coinDataFailed, { variant: 'error' });
  }, [error, enqueueSnackbar]);

  if (loading && !data) return <Loader label="Loading prices" />;
  const market = data?.coins;
  if (!market || market.status === 'UNAVAILABLE' || market.coins.length === 0) {
    return <Alert severity="info">Prices are unavailable right now</Alert>;
  }
  return (
    <>
      {market.status === 'STALE' && market.updatedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          prices as of {formatDate(market.updatedAt)}
        </Alert>
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Coin prices over 7 days" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              {['Coin', 'Price', '24h', '7 days'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {h}
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
                  <TableCell>{formatMoney(coin.priceUsd)}</TableCell>
                  <TableCell sx={{ color: change?.startsWith('-') ? 'error.main' : 'success.main' }}>
                    {change ? `${formatMoney(change, { prefix: '', maxDecimals: 2 })}%` : EMPTY_VALUE}
                  </TableCell>
                  <TableCell>
                    <Sparkline
                      points={coin.sparkline}
                      label={`${coin.name} over 7 days: from ${formatMoney(first)} to ${formatMoney(last)}`}
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
