import { formatMoney } from '@cryptovest/common';
import type { AdminAccountRecordQuery } from '../../../generated/graphql';
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
  return (
    <RecordSection title="Balances">
      <FieldList
        items={[
          ...ACCOUNT_AMOUNTS.map(({ name, label }) => ({ label, value: formatMoney(account[name]) })),
          { label: 'Locked bonus', value: formatMoney(account.lockedBonus) },
        ]}
      />
    </RecordSection>
  );
}
