import 'reflect-metadata';
import { GraphQLSchema, isEnumType, lexicographicSortSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, ContainerType, type PubSub, ResolverData } from 'type-graphql';
import { ApiKeyResolver } from './api-key.resolver';
import { AccountResolver } from './account.resolver';
import { AuditResolver } from './audit.resolver';
import { AuthResolver } from './auth.resolver';
import { CoinResolver } from './coin.resolver';
import { ContactResolver } from './contact.resolver';
import { LiveResolver } from './live.resolver';
import { NotificationResolver } from './notification.resolver';
import { OverviewResolver } from './overview.resolver';
import { PlanResolver } from './plan.resolver';
import { SecondFactorResolver } from './second-factor.resolver';
import { SessionResolver } from './session.resolver';
import { SettlementResolver } from './settlement.resolver';
import { TransactionResolver } from './transaction.resolver';
import { SiteResolver } from './site.resolver';
import { UserResolver } from './user.resolver';
import { WalletResolver } from './wallet.resolver';
import { DepositAddressResolver } from './deposit-address.resolver';
import { WebhookResolver } from './webhook.resolver';
import { authChecker, authDirectiveWith, publicDirective } from './auth';

/** Every resolver class; each takes the services it names in its constructor. */
export const RESOLVERS = [
  PlanResolver,
  WalletResolver,
  DepositAddressResolver,
  UserResolver,
  AuthResolver,
  SiteResolver,
  ContactResolver,
  CoinResolver,
  AccountResolver,
  TransactionResolver,
  SettlementResolver,
  OverviewResolver,
  NotificationResolver,
  LiveResolver,
  SecondFactorResolver,
  SessionResolver,
  ApiKeyResolver,
  WebhookResolver,
  AuditResolver,
] as const;

/** `A | B` to `A & B` (the services of every resolver together). */
type AllOf<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** What the schema's resolvers need together: each resolver's named services (the composition root passes them). */
export type SchemaDeps = AllOf<ConstructorParameters<(typeof RESOLVERS)[number]>[0]>;

/** Minimal container: one instance of each resolver, built with the shared services. */
function containerFor(services: SchemaDeps | null): ContainerType {
  const instances = new Map<unknown, unknown>();
  return {
    get(cls: new (s: SchemaDeps) => unknown, _data: ResolverData) {
      if (!services) throw new Error('schema built without services cannot execute');
      if (!instances.has(cls)) instances.set(cls, new cls(services));
      return instances.get(cls);
    },
  } as ContainerType;
}

/**
 * TypeGraphQL insists on a PubSub once any subscription exists; ours each bring their own
 * `subscribe` (the instance's LiveHub, fed by LISTEN/NOTIFY), so this one is never used.
 */
const NO_PUBSUB: PubSub = {
  publish: () => {
    throw new Error('live updates are published with publishLive (platform/live), not a PubSub');
  },
  subscribe: () => {
    throw new Error('every subscription brings its own subscribe function (platform/live)');
  },
};

/** Builds the executable schema. `services` may be null when only printing the contract. */
export async function buildAppSchema(services: SchemaDeps | null): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: [...RESOLVERS] as unknown as [Function, ...Function[]],
    authChecker,
    authMode: 'error',
    container: containerFor(services),
    directives: [publicDirective],
    pubSub: NO_PUBSUB,
    validate: false,
  });
  // @auth names the schema's own ApiKeyScope enum (built by TypeGraphQL), so it is added here.
  const scopeType = schema.getType('ApiKeyScope');
  if (!isEnumType(scopeType)) throw new Error('the schema has no ApiKeyScope enum for @auth');
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, directives: [...config.directives, authDirectiveWith(scopeType)] });
}

/** The committed contract text: sorted, with directive usages kept. */
export function printContract(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema)).trim()}\n`;
}
