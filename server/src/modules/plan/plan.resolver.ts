import { Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/auth';
import type { Services } from '../../services';
import { Plan } from './plan.entity';

/** GraphQL adapter for plans. */
@Resolver(() => Plan)
export class PlanResolver {
  constructor(private readonly services: Services) {}

  @Public()
  @Query(() => [Plan], { description: 'Investment plans on offer, cheapest first' })
  plans(): Promise<readonly Plan[]> {
    return this.services.plans.list();
  }
}
