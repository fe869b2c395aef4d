import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { ApiKeyScope, Role } from '../../modules/user';
import { WebhookDelivery, WebhookEndpoint, type WebhookService } from '../../modules/webhook';
import { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookEndpointWithSecret } from './webhook.types';

/** The services this adapter calls; the composition root passes them. */
export interface WebhookResolverDeps {
  webhooks: WebhookService;
}

/** Signed-in people and keys with the WEBHOOKS scope, on their own endpoints only. */
const WEBHOOK_ACCESS = { scopes: [ApiKeyScope.WEBHOOKS] };

/** GraphQL adapter for the caller's webhook endpoints and their deliveries (WebhookService). */
@Resolver()
export class WebhookResolver {
  constructor(private readonly services: WebhookResolverDeps) {}

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Query(() => [String], { description: 'Every event type an endpoint can receive' })
  webhookEventTypes(): readonly string[] {
    return this.services.webhooks.eventTypes();
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Query(() => [WebhookEndpoint], { description: 'Your webhook endpoints, newest first' })
  webhookEndpoints(@Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint[]> {
    return this.services.webhooks.list(ctx.user!);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Query(() => [WebhookDelivery], { description: "One of your endpoints' last 50 deliveries, newest first" })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDelivery[]> {
    return this.services.webhooks.deliveryLog(ctx.user!, endpointId);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Create a webhook endpoint; its secret is returned this once',
  })
  createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointWithSecret> {
    return this.services.webhooks.create(ctx.user!, { ...input }, ctx);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Mutation(() => WebhookEndpoint, { description: 'Change a webhook endpoint (only the fields sent)' })
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return this.services.webhooks.update(ctx.user!, id, { ...input }, ctx);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'A new signing secret, returned this once; the old one also signs for 24 hours',
  })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpointWithSecret> {
    return this.services.webhooks.rotateSecret(ctx.user!, id, ctx);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Mutation(() => WebhookEndpoint, { description: 'Delete a webhook endpoint and its delivery log' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint> {
    return this.services.webhooks.delete(ctx.user!, id, ctx);
  }

  @Auth(Role.USER, WEBHOOK_ACCESS)
  @Mutation(() => WebhookDelivery, { description: 'Send a delivery again now, with the same webhook-id' })
  redeliverWebhook(
    @Arg('deliveryId', () => ID) deliveryId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDelivery> {
    return this.services.webhooks.redeliver(ctx.user!, deliveryId, ctx);
  }
}
