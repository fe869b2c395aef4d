import { msg, type Translate } from '@cryptovest/common';
import type { ApiKeyScope } from '../../../generated/graphql';

/** How a scope reads: a short chip label and the sentence the create dialog offers (catalogue keys, shown with `t`). */
export interface ScopeInfo {
  scope: ApiKeyScope;
  /** Chip on a key's card. */
  label: string;
  /** Checkbox label in the create dialog. */
  description: string;
  /** Only administrators' keys may hold it (the server refuses it for investors). */
  adminOnly: boolean;
}

/** Every scope, in the order they are offered. */
export const SCOPES: readonly ScopeInfo[] = [
  {
    scope: 'ACCOUNT_READ',
    label: msg('Read account'),
    description: msg('Read my account and transactions'),
    adminOnly: false,
  },
  {
    scope: 'ADMIN_READ',
    label: msg('Read all users'),
    description: msg('Read users, accounts and transactions'),
    adminOnly: true,
  },
  {
    scope: 'TRANSACTION_STATUS_WRITE',
    label: msg('Confirm or decline'),
    description: msg('Confirm or decline transactions'),
    adminOnly: true,
  },
  {
    scope: 'WEBHOOKS',
    label: msg('Webhooks'),
    description: msg('Manage my webhook endpoints and see their deliveries'),
    adminOnly: false,
  },
];

/** The scopes `isAdmin` may give a key (investors: reading their own account only). */
export function scopesFor(isAdmin: boolean): readonly ScopeInfo[] {
  return SCOPES.filter((s) => isAdmin || !s.adminOnly);
}

/** The chip label of `scope` in the reader's language (the raw name for a scope this client does not know yet). */
export function scopeLabel(scope: ApiKeyScope, t: Translate): string {
  const known = SCOPES.find((s) => s.scope === scope);
  return known ? t(known.label) : scope;
}
