import type { ApolloCache } from '@apollo/client';
import { MySecurityDocument, type SecurityStatusPartsFragment } from '../../../generated/graphql';

/**
 * Puts a SecurityStatus a mutation answered (disableTotp, removePasskey) where `mySecurity` is
 * cached: the status has no id, so Apollo cannot merge it by itself, and every reader (the
 * sections, the admin area's enrolment rule) must see the change at once.
 */
export function writeSecurityStatus(cache: ApolloCache, status: SecurityStatusPartsFragment): void {
  cache.writeQuery({ query: MySecurityDocument, data: { mySecurity: status } });
}
