import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ApiKeyScope } from '../../modules/user';

/** An API key as lists show it: never its secret. */
@ObjectType({ description: "An integrator's API key (the secret is shown once, at creation)" })
export class ApiKey {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'The first characters of the secret, to tell keys apart' }) prefix: string;
  @Field(() => [ApiKeyScope]) scopes: ApiKeyScope[];
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Last call made with it (to the minute)' }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
}

/** A new key's name, scopes and optional expiry. */
@InputType()
export class ApiKeyInput {
  @Field() name: string;
  @Field(() => [ApiKeyScope]) scopes: ApiKeyScope[];
  @Field(() => Date, { nullable: true, description: 'Omit for a key that never expires' }) expiresAt?: Date | null;
}

/** The new key and its secret: store the secret now, it is never shown again. */
@ObjectType()
export class CreatedApiKey {
  @Field(() => ApiKey) apiKey: ApiKey;
  @Field({ description: 'Send as `Authorization: Bearer <secret>` or `X-Api-Key: <secret>`' }) secret: string;
}
