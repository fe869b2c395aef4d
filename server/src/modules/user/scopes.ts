import { registerEnumType } from 'type-graphql';

/** What an API key may do. A key never does more than its owner's role allows. */
export enum ApiKeyScope {
  /** Read the owner's own profile, account, transactions and notifications. */
  ACCOUNT_READ = 'ACCOUNT_READ',
  /** Admins: read users, accounts, ledgers and every transaction. */
  ADMIN_READ = 'ADMIN_READ',
  /** Admins: confirm or decline transactions (and settle matured deposits). */
  TRANSACTION_STATUS_WRITE = 'TRANSACTION_STATUS_WRITE',
  /** List, create, change, rotate and delete the owner's webhook endpoints, and read their deliveries. */
  WEBHOOKS = 'WEBHOOKS',
}
registerEnumType(ApiKeyScope, { name: 'ApiKeyScope', description: 'What an API key may do' });

/** Scopes only administrators' keys may hold. */
export const ADMIN_SCOPES: readonly ApiKeyScope[] = [ApiKeyScope.ADMIN_READ, ApiKeyScope.TRANSACTION_STATUS_WRITE];
