import type { AdminUserRecordQuery } from '../../../generated/graphql';
import { useCountryName } from '../../../components/CountryName';
import { useAdminWords } from '../components/adminWords';
import { FieldList } from '../components/FieldList';
import { RecordSection } from '../components/RecordDrawer';

/** A user as the record drawer loads it. */
export type UserRecord = AdminUserRecordQuery['adminUser'];

/** The postal address on one line, from whichever parts were given. */
const postal = (u: UserRecord) => [u.address, u.city, u.province, u.zipCode].filter(Boolean).join(', ');

/** The user's profile in a record drawer: who they are, how to reach them, their role and standing. */
export function UserProfileSection({ user }: { user: UserRecord }) {
  const { t, stamp } = useAdminWords();
  const countryName = useCountryName();
  const premium = user.planType ? t('Yes ({{plan}})', { plan: user.planType }) : t('Yes');
  return (
    <RecordSection title={t('Profile')}>
      <FieldList
        items={[
          { label: t('Full name'), value: user.fullName },
          { label: t('Email'), value: user.email },
          { label: t('Phone'), value: user.phoneNumber },
          { label: t('Country'), value: countryName(user.country) },
          { label: t('Date of birth'), value: user.dob },
          { label: t('Address'), value: postal(user) },
          { label: t('Joined'), value: stamp(user.createdAt) },
          {
            label: t('E-mail verified'),
            value: user.emailVerifiedAt ? stamp(user.emailVerifiedAt) : t('Not verified'),
          },
          { label: t('Role'), value: user.type === 'ADMIN' ? t('Administrator') : t('Investor') },
          { label: t('Premium'), value: user.isPremium ? premium : t('No') },
        ]}
      />
    </RecordSection>
  );
}
