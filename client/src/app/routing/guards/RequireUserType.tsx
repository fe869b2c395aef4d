import { RetryAlert } from '../../../components/RetryAlert';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Loader } from '../../../components/Loader';
import type { UserType } from '../../../generated/graphql';
import { useMeQuery } from '../../../generated/hooks';
import { PublicLayout } from '../layouts/PublicLayout';
import { useToken } from '../../session/useToken';
import { useFollowAccountLanguage } from '../../i18n/accountLanguage';

/** Props of RequireUserType. */
export interface RequireUserTypeProps {
  /** The user type the area is for: INVESTOR for /dashboard, ADMIN for /admin. */
  type: UserType;
  /** Shown in place when there is no token (the login page: given by the route table, which owns the lazy pages). */
  signIn: ReactNode;
  children: ReactNode;
}

/**
 * Guard of /dashboard and /admin (SPEC §2, §6): no token -> the login page in place (so login
 * can return here); token -> load `me` with a loader; wrong user type -> `/`. A 401 while
 * loading ends the session through the Apollo 401 rule. The app then speaks the account's language.
 */
export function RequireUserType({ type, signIn, children }: RequireUserTypeProps) {
  const { t } = useTranslation();
  const token = useToken();
  const { data, error, refetch } = useMeQuery({ skip: !token });
  useFollowAccountLanguage(data?.me.locale);

  if (!token) {
    return <PublicLayout>{signIn}</PublicLayout>;
  }
  if (data) return data.me.type === type ? children : <Navigate to="/" replace />;
  if (error) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <RetryAlert onRetry={refetch}>{t("We couldn't load your account. Please try again.")}</RetryAlert>
      </Container>
    );
  }
  return <Loader fullScreen label={t('Loading your account')} />;
}
