import { Query, Resolver } from 'type-graphql';
import { Public } from './auth';
import { type PlanService, Plan } from '../../modules/plan';

/** The services this adapter calls; the composition root passes them. */
export interface PlanResolverDeps {
  plans: PlanService;
}

/** GraphQL adapter for plans. */
@Resolver(() => Plan)
export class PlanResolver {
  constructor(private readonly services: PlanResolverDeps) {}

  @Public()
  @Query(() => [Plan], { description: 'Investment plans on offer, cheapest first' })
  plans(): Promise<readonly Plan[]> {
    return this.services.plans.list();
  }
}
