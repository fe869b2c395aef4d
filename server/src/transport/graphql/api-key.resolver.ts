import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { idParam } from '../../kernel/ids';
import type { ApiKeyService } from '../../modules/api-keys';
import { Role } from '../../modules/user';
import { ApiKey, ApiKeyInput, CreatedApiKey } from './api-key.types';

/** The services this adapter calls; the composition root passes them. */
export interface ApiKeyResolverDeps {
  apiKeys: ApiKeyService;
}

/** GraphQL adapter for API key management (ApiKeyService); keys cannot manage keys. */
@Resolver()
export class ApiKeyResolver {
  constructor(private readonly services: ApiKeyResolverDeps) {}

  @Auth(Role.USER)
  @Query(() => [ApiKey], { description: "The caller's API keys, newest first" })
  apiKeys(@Ctx() ctx: GraphQLContext): Promise<ApiKey[]> {
    return this.services.apiKeys.list(ctx.user!.id);
  }

  @Auth(Role.USER)
  @Mutation(() => CreatedApiKey, { description: 'Create an API key; its secret is returned this once' })
  createApiKey(
    @Arg('input', () => ApiKeyInput) input: ApiKeyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreatedApiKey> {
    return this.services.apiKeys.create(ctx.user!, { ...input }, ctx);
  }

  @Auth(Role.USER)
  @Mutation(() => ApiKey, { description: 'Revoke an API key at once' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiKey> {
    return this.services.apiKeys.revoke(ctx.user!, idParam(id, 'API key not found'), ctx);
  }
}
