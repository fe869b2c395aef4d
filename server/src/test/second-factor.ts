import { generate } from 'otplib';
import type { Services } from '../composition/services';
import { seal } from '../modules/second-factor/secret-box';

/** The authenticator secret test users are enrolled with (base32, 20 bytes). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The authenticator code of `secret` at `at` (the clock the server uses), `steps` 30-second steps away. */
export function totpCode(at: Date, steps = 0, secret = TEST_TOTP_SECRET): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) + steps * 30 });
}

/** Gives `userId` a confirmed authenticator with TEST_TOTP_SECRET, as if enrolled in Settings. */
export async function enrolTestAuthenticator(services: Services, userId: string): Promise<void> {
  await services.ds.query(
    `INSERT INTO totp_factor (user_id, secret_enc, confirmed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET secret_enc = excluded.secret_enc, confirmed_at = now(), last_step = NULL`,
    [userId, seal(services.config.sealingKeys, TEST_TOTP_SECRET, userId)],
  );
}
