import type { SealedColumn } from '../../db/reseal';

/** Authenticator secrets are sealed with the shared secret box (kernel/secret-box.ts; webhook secrets use it too). */
export { open, seal } from '../../kernel/secret-box';

/** The sealed column of totp_factor (bound to the user's id), for the key rotation's re-seal pass (`npm run totp:rekey`). */
export const AUTHENTICATOR_SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'totp_factor', idColumn: 'user_id', column: 'secret_enc', context: (userId) => userId },
];
