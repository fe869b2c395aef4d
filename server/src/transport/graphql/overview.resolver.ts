import { Args, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import { AdminOverview, AdminOverviewArgs } from './overview.types';
import type { OverviewService } from '../../modules/overview';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface OverviewResolverDeps {
  adminOverview: OverviewService;
}

/** GraphQL adapter of the admin overview (`/admin`). */
@Resolver()
export class OverviewResolver {
  constructor(private readonly services: OverviewResolverDeps) {}

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => AdminOverview, {
    description:
      'Assets under management, balances owed, pending deposits and withdrawals, due for settlement, new investors, confirmed money per day over a range (at most 366 days) and obligations maturing over the next 30 days (admin)',
  })
  adminOverview(@Args(() => AdminOverviewArgs) args: AdminOverviewArgs): Promise<AdminOverview> {
    return this.services.adminOverview.overview(args);
  }
}
