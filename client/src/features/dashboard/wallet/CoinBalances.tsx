import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { AccountQuery } from '../../../generated/graphql';
import { MoneyCard } from '../components/MoneyCard';

/** Per-coin balances (SPEC §2): three from the account, the rest shown as a static $0. */
export function CoinBalances({ account }: { account: AccountQuery['account'] | undefined }) {
  const coins = [
    { label: 'Bitcoin', amount: account?.bitcoin },
    { label: 'Tether (USDT)', amount: account?.usdt },
    { label: 'Ethereum', amount: account?.ethereum },
    { label: 'Litecoin', amount: '0' },
    { label: 'BNB', amount: '0' },
    { label: 'BCH', amount: '0' },
    { label: 'ADA', amount: '0' },
    { label: 'XRP', amount: '0' },
  ];
  return (
    <section aria-labelledby="coin-balances">
      <Typography id="coin-balances" component="h2" variant="h6" sx={{ mb: 2 }}>
        Coin balances
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {coins.map((coin) => (
          <Grid key={coin.label} size={{ xs: 6, md: 3 }} component="li">
            <MoneyCard label={coin.label} amount={coin.amount} headingLevel="h3" />
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
