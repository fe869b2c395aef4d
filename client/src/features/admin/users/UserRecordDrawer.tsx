import { useApolloClient } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useAdminAccountRecordQuery,
  useAdminDepositAddressesQuery,
  useAdminUserRecordQuery,
} from '../../../generated/hooks';
import { AccountAddressesSection } from '../accounts/AccountAddressesSection';
import { AccountBalancesSection, type AccountRecord } from '../accounts/AccountBalancesSection';
import { AccountEditDialog } from '../accounts/AccountEditDialog';
import { AccountHistoryDialog } from '../accounts/AccountHistoryDialog';
import type { OwnedAccount } from '../accounts/accountForm';
import { LedgerSection } from '../accounts/LedgerSection';
import { RecentTransactionsSection } from '../accounts/RecentTransactionsSection';
import { useAdminWords } from '../components/adminWords';
import { RecordDrawer, RecordSection } from '../components/RecordDrawer';
import { StatementDownload } from '../../../components/statements/StatementDownload';
import type { RecordParam } from '../components/useRecordParam';
import { UserEditDialog } from './UserEditDialog';
import { UserProfileSection, type UserRecord } from './UserProfileSection';
import { UserSecuritySection } from './UserSecuritySection';

/** The queries whose answers an edit from the drawer changes (refetched after a save). */
const CHANGED_BY_EDITS = ['AdminAccountRecord', 'AccountHistory', 'AdminUserRecord'];

/** Props of UserRecordDrawer. */
export interface UserRecordDrawerProps {
  /** The list page's `useRecordParam()`: the user id in `?record=` and how to close. */
  record: RecordParam;
  /** Called after an edit was saved from the drawer (the list refetches its page). */
  onChanged: () => void;
  /** The list row of a user id, to focus when the drawer closes (accounts rows carry the account id). */
  rowIdOf?: (userId: string) => string;
}

/** The account with its owner, as the edit and history dialogs take it. */
const owned = (account: AccountRecord, user: UserRecord): OwnedAccount => ({
  ...account,
  user: { id: user.id, fullName: user.fullName, email: user.email, country: user.country },
});

/**
 * The record view of a user or an investor account (issue 38), opened from a row of /admin/users
 * or /admin/accounts and kept in the URL (`?record=<user id>`): profile, balances per bucket,
 * deposit and withdrawal addresses, latest transactions (each opening its own drawer) and the
 * ledger; its footer keeps the edit dialogs one click away.
 */
export function UserRecordDrawer({ record, onChanged, rowIdOf = (id) => id }: UserRecordDrawerProps) {
  const { t } = useAdminWords();
  const { recordId, close, focusRow } = record;
  // The last opened id stays while the drawer slides shut, so its content does not vanish mid-way.
  const [shownId, setShownId] = useState(recordId);
  if (recordId && recordId !== shownId) setShownId(recordId);
  const [dialog, setDialog] = useState<'profile' | 'amounts' | 'history' | null>(null);
  const client = useApolloClient();

  const userQuery = useAdminUserRecordQuery({ variables: { id: shownId ?? '' }, skip: !shownId });
  const user = userQuery.data?.adminUser;
  const investor = user?.type === 'INVESTOR';
  const accountQuery = useAdminAccountRecordQuery({ variables: { userId: shownId ?? '' }, skip: !investor });
  const deposit = useAdminDepositAddressesQuery({ variables: { userId: shownId ?? '' }, skip: !investor });
  const account = accountQuery.data?.adminAccount;

  const saved = () => {
    onChanged();
    void client.refetchQueries({ include: CHANGED_BY_EDITS });
  };
  const closeDialog = () => setDialog(null);

  const actions = user && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" onClick={() => setDialog('profile')}>
        {t('Edit profile')}
      </Button>
      {account && (
        <Button variant="outlined" onClick={() => setDialog('amounts')}>
          {t('Adjust amounts')}
        </Button>
      )}
    </Box>
  );

  return (
    <>
      <RecordDrawer
        open={recordId !== null}
        onClose={close}
        onClosed={() => shownId && focusRow(rowIdOf(shownId))}
        title={user?.fullName ?? (userQuery.error ? t('User not found') : t('Loading…'))}
        subtitle={user?.email}
        actions={actions}
      >
        {userQuery.error && (
          <Typography color="error">
            {t(
              'This user could not be loaded: the link may be out of date. Close this and pick the user from the list.',
            )}
          </Typography>
        )}
        {user && <UserProfileSection user={user} />}
        {account && <AccountBalancesSection account={account} />}
        {account && <AccountAddressesSection account={account} deposit={deposit.data?.adminDepositAddresses} />}
        {investor && shownId && <RecentTransactionsSection userId={shownId} />}
        {investor && shownId && <LedgerSection userId={shownId} onShowAll={() => setDialog('history')} />}
        {investor && shownId && (
          <RecordSection title={t('Statement')}>
            <StatementDownload userId={shownId} />
          </RecordSection>
        )}
        {user && <UserSecuritySection userId={user.id} />}
      </RecordDrawer>
      {dialog === 'profile' && user && <UserEditDialog user={user} onClose={closeDialog} onSaved={saved} />}
      {dialog === 'amounts' && user && account && (
        <AccountEditDialog account={owned(account, user)} onClose={closeDialog} onSaved={saved} />
      )}
      {dialog === 'history' && user && account && (
        <AccountHistoryDialog account={owned(account, user)} onClose={closeDialog} />
      )}
    </>
  );
}
