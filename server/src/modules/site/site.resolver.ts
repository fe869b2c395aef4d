import { Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/auth';
import type { Services } from '../../services';
import { Site } from './site.types';

/** GraphQL adapter for the operator's public content (the web client gets it inlined in HTML). */
@Resolver(() => Site)
export class SiteResolver {
  constructor(private readonly services: Services) {}

  @Public()
  @Query(() => Site, { description: "The operator's public content" })
  site(): Site {
    return this.services.config.site;
  }
}
