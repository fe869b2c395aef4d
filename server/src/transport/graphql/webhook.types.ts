import { Field, InputType, ObjectType } from 'type-graphql';
import { WebhookEndpoint, WebhookScope } from '../../modules/webhook';

/** A new endpoint: where to send, which events, a note, and (administrators) whose events. */
@InputType()
export class CreateWebhookEndpointInput {
  @Field({ description: 'https URL events are POSTed to (http only where WEBHOOK_ALLOW_HTTP is on)' })
  url: string;

  @Field(() => [String], { description: 'Event types to receive (see webhookEventTypes)' })
  events: string[];

  @Field(() => String, { nullable: true, description: 'What it is for (at most 200 characters)' })
  description?: string | null;

  @Field(() => WebhookScope, { nullable: true, description: 'OWN (default) or, for administrators, ALL' })
  scope?: WebhookScope | null;
}

/** Changes to an endpoint: only the fields sent change. */
@InputType()
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => [String], { nullable: true }) events?: string[] | null;
  @Field(() => String, { nullable: true }) description?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'false turns it off; true turns it back on and clears its failing state',
  })
  enabled?: boolean | null;
}

/** An endpoint and its signing secret: store the secret now, it is not shown again. */
@ObjectType({ description: 'An endpoint with its signing secret, shown only when made or rotated' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpoint) endpoint: WebhookEndpoint;

  @Field({ description: 'whsec_…: verify the webhook-signature header with it (Standard Webhooks)' })
  secret: string;
}
