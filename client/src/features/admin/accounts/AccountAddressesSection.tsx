import Typography from '@mui/material/Typography';
import type { AdminDepositAddressesQuery } from '../../../generated/graphql';
import { coinName } from '../../../components/coins';
import { useAdminWords } from '../components/adminWords';
import { CopyValue } from '../components/CopyValue';
import { FieldList } from '../components/FieldList';
import { RecordSection } from '../components/RecordDrawer';
import type { AccountRecord } from './AccountBalancesSection';

/** How each watched chain is named for people. */
const CHAIN_NAMES: Record<string, string> = { btc: 'Bitcoin', eth: 'Ethereum', bsc: 'BNB Smart Chain' };

/** Props of AccountAddressesSection. */
export interface AccountAddressesSectionProps {
  account: AccountRecord;
  deposit: AdminDepositAddressesQuery['adminDepositAddresses'] | undefined;
}

/**
 * Where an investor's money comes from and goes to, in a record drawer: the deposit address given
 * on each watched chain and the saved withdrawal addresses (with when a new one becomes usable).
 */
export function AccountAddressesSection({ account, deposit }: AccountAddressesSectionProps) {
  const { t, stamp } = useAdminWords();
  const withdrawal = account.withdrawalAddresses;
  return (
    <RecordSection title={t('Addresses')}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('Deposit')}
      </Typography>
      {deposit?.length ? (
        <FieldList
          items={deposit.map((d) => ({
            label: CHAIN_NAMES[d.chain] ?? d.chain,
            value: (
              <CopyValue
                value={d.address}
                what={t('{{chain}} deposit address', { chain: CHAIN_NAMES[d.chain] ?? d.chain })}
              />
            ),
          }))}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {deposit ? t('No own deposit address yet (the shared addresses apply).') : t('Loading…')}
        </Typography>
      )}
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 1.5, mb: 0.5 }}>
        {t('Withdrawal')}
      </Typography>
      {withdrawal.length ? (
        <FieldList
          items={withdrawal.map((w) => ({
            label: coinName(w.coin),
            value: (
              <>
                <CopyValue value={w.address} what={t('{{coin}} withdrawal address', { coin: coinName(w.coin) })} />
                {w.usableFrom && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {t('Usable from {{date}}', { date: stamp(w.usableFrom) })}
                  </Typography>
                )}
              </>
            ),
          }))}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('No withdrawal address saved.')}
        </Typography>
      )}
    </RecordSection>
  );
}
