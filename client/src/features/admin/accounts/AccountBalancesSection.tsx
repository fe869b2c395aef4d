import type { AdminAccountRecordQuery } from '../../../generated/graphql';
import { useAdminWords } from '../components/adminWords';
import { FieldList } from '../components/FieldList';
import { RecordSection } from '../components/RecordDrawer';
import { ACCOUNT_AMOUNTS } from './accountForm';

/** An account as the record drawer loads it. */
export type AccountRecord = AdminAccountRecordQuery['adminAccount'];

/**
 * Every bucket of an investor's account in a record drawer (balance, wallet, profit, investment,
 * each coin, and the locked signup bonus inside the balance), in dollars with cents.
 */
export function AccountBalancesSection({ account }: { account: AccountRecord }) {
  const { t, money } = useAdminWords();
  return (
    <RecordSection title={t('Balances')}>
      <FieldList
        items={[
          ...ACCOUNT_AMOUNTS.map(({ name, label }) => ({ label: t(label), value: money(account[name]) })),
          { label: t('Locked bonus'), value: money(account.lockedBonus) },
        ]}
      />
    </RecordSection>
  );
}
