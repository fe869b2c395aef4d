import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../app/i18n/useFormat';
import { coinName } from '../../../components/coins';
import type { AccountQuery, DashboardProfileQuery } from '../../../generated/graphql';
import { UserAvatar } from '../components/UserAvatar';

/** Coins offered by the quick deposit card (SPEC §3 deposit panel). */
const COINS = ['bitcoin', 'usdt', 'ethereum', 'bnb'];

/** Props of SidePanel. */
export interface SidePanelProps {
  user: DashboardProfileQuery['me'];
  account: AccountQuery['account'] | undefined;
}

/** Overview side panel: profile image, total balance and the quick Deposit/Exchange card. */
export function SidePanel({ user, account }: SidePanelProps) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const [coin, setCoin] = useState(COINS[0]);
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent sx={{ textAlign: 'center' }}>
          <UserAvatar
            fullName={user.fullName}
            profileImage={user.profileImage}
            sx={{ width: 72, height: 72, mx: 'auto', mb: 1, fontSize: 28 }}
          />
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('Total balance')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
            {money(account?.balance, { maxDecimals: 2 })}
          </Typography>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
            {t('Deposit / Exchange')}
          </Typography>
          <TextField
            select
            fullWidth
            size="small"
            label={t('Coin')}
            value={coin}
            onChange={(event) => setCoin(event.target.value)}
            sx={{ mb: 2 }}
          >
            {COINS.map((name) => (
              <MenuItem key={name} value={name}>
                {coinName(name)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component={RouterLink}
            to={`/dashboard/invest?coin=${coin}`}
            variant="contained"
            color="secondary"
            fullWidth
          >
            {t('Buy {{coin}}', { coin: coinName(coin) })}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
