import { Query, Resolver } from 'type-graphql';
import { Public } from './auth';
import type { Config } from '../../kernel/config';
import { Site } from './site.types';

/** The services this adapter calls; the composition root passes them. */
export interface SiteResolverDeps {
  config: Readonly<Config>;
}

/** GraphQL adapter for the operator's public content (the web client gets it inlined in HTML). */
@Resolver(() => Site)
export class SiteResolver {
  constructor(private readonly services: SiteResolverDeps) {}

  @Public()
  @Query(() => Site, { description: "The operator's public content" })
  site(): Site {
    return this.services.config.site;
  }
}
