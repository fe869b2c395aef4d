import { useEffect } from 'react';
import { useEnrolmentRequired } from '../../../app/session/enrolmentGate';
import { useMySecurityQuery } from '../../../generated/hooks';

/** Where an administrator sets up a second factor. */
export const ADMIN_SECURITY_PATH = '/admin/security';

/**
 * Whether the back office is open to this administrator (issue 13):
 * - `loading`: the second-factor status is not known yet;
 * - `enrol`: no authenticator app and no passkey yet: only the security page works;
 * - `reauth`: a factor is set up but this session was not opened with it (the server refused
 *   it): signing in again is the way in;
 * - `open`: everything works.
 */
export type AdminConfinement = 'loading' | 'enrol' | 'reauth' | 'open';

/**
 * The admin area's second-factor rule, from `mySecurity` (allowed during enrolment) and from
 * the server's SECOND_FACTOR_ENROLMENT_REQUIRED refusals (recorded by the Apollo error link).
 */
export function useAdminConfinement(): AdminConfinement {
  const refused = useEnrolmentRequired();
  const { data, error, refetch } = useMySecurityQuery();
  const status = data?.mySecurity;
  // A refusal may mean the factors changed elsewhere (another tab): read them again.
  useEffect(() => {
    if (refused) void refetch().catch(() => undefined);
  }, [refused, refetch]);

  // Unreadable status: let the pages load (the server still enforces the rule; its refusal lands here).
  if (!status) return error ? 'open' : 'loading';
  const enrolled = status.totpEnabled || status.passkeys.length > 0;
  if (status.required && !enrolled) return 'enrol';
  if (refused) return enrolled ? 'reauth' : 'enrol';
  return 'open';
}
