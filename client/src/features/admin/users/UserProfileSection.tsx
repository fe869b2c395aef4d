import { countryName } from '@cryptovest/common';
import type { AdminUserRecordQuery } from '../../../generated/graphql';
import { formatDate } from '../../../components/transactionCells';
import { FieldList } from '../components/FieldList';
import { RecordSection } from '../components/RecordDrawer';

/** A user as the record drawer loads it. */
export type UserRecord = AdminUserRecordQuery['adminUser'];

/** The postal address on one line, from whichever parts were given. */
const postal = (u: UserRecord) => [u.address, u.city, u.province, u.zipCode].filter(Boolean).join(', ');

/** The user's profile in a record drawer: who they are, how to reach them, their role and standing. */
export function UserProfileSection({ user }: { user: UserRecord }) {
  return (
    <RecordSection title="Profile">
      <FieldList
        items={[
          { label: 'Full name', value: user.fullName },
          { label: 'Email', value: user.email },
          { label: 'Phone', value: user.phoneNumber },
          { label: 'Country', value: countryName(user.country) },
          { label: 'Date of birth', value: user.dob },
          { label: 'Address', value: postal(user) },
          { label: 'Joined', value: formatDate(user.createdAt) },
          {
            label: 'E-mail verified',
            value: user.emailVerifiedAt ? formatDate(user.emailVerifiedAt) : 'Not verified',
          },
          { label: 'Role', value: user.type === 'ADMIN' ? 'Administrator' : 'Investor' },
          { label: 'Premium', value: user.isPremium ? `Yes${user.planType ? ` (${user.planType})` : ''}` : 'No' },
        ]}
      />
    </RecordSection>
  );
}
