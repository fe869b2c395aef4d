import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { coinName, HELD_COINS } from '../../../components/coins';
import type { AccountQuery } from '../../../generated/graphql';
import { MoneyCard } from '../components/MoneyCard';

/**
 * Per-coin balances (SPEC §2): every coin the account keeps a bucket of, each with its real
 * amount (issue 14: BNB and Litecoin showed a static $0 while the account held them). The spec's
 * static BCH, ADA and XRP cards are gone: no account holds those, so they could only ever say $0.
 * A confirmed deposit adds its dollars to its coin and settlement takes the principal back out,
 * while the balance is kept in dollars alone, so the coins can all read $0.00 beside a large
 * balance: the line under the heading says so (issue 38, defect 8).
 */
export function CoinBalances({ account }: { account: AccountQuery['account'] | undefined }) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  return (
    <section aria-labelledby="coin-balances">
      <Typography id="coin-balances" component="h2" variant="h6">
        {t('Coin balances')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: '75ch' }}>
        {account
          ? t(
              'What is invested in your running plans, by the coin you paid with. Your balance of {{balance}} (matured plans, profit and bonus) is kept in dollars, not split by coin.',
              { balance: money(account.balance, { maxDecimals: 2 }) },
            )
          : t(
              'What is invested in your running plans, by the coin you paid with. Your balance (matured plans, profit and bonus) is kept in dollars, not split by coin.',
            )}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {HELD_COINS.map((coin) => (
          <Grid key={coin} size={{ xs: 6, md: 4, lg: 'grow' }} component="li">
            <MoneyCard label={coinName(coin)} amount={account?.[coin]} headingLevel="h3" />
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
