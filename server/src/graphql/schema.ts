import 'reflect-metadata';
import { GraphQLSchema, isEnumType, lexicographicSortSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, ContainerType, type PubSub, ResolverData } from 'type-graphql';
import { ApiKeyResolver } from '../modules/api-keys/api-key.resolver';
import { AccountResolver } from '../modules/account/account.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { CoinResolver } from '../modules/coin/coin.resolver';
import { ContactResolver } from '../modules/contact/contact.resolver';
import { LiveResolver } from '../modules/live/live.resolver';
import { NotificationResolver } from '../modules/notifications/notification.resolver';
import { PlanResolver } from '../modules/plan/plan.resolver';
import { SecondFactorResolver } from '../modules/second-factor/second-factor.resolver';
import { SettlementResolver } from '../modules/settlement/settlement.resolver';
import { TransactionResolver } from '../modules/transaction/transaction.resolver';
import { SiteResolver } from '../modules/site/site.resolver';
import { UserResolver } from '../modules/user/user.resolver';
import { WalletResolver } from '../modules/wallet/wallet.resolver';
import type { Services } from '../services';
import { authChecker, authDirectiveWith, publicDirective } from './auth';

/** Every resolver class; each takes the Services object in its constructor. */
export const RESOLVERS = [
  PlanResolver,
  WalletResolver,
  UserResolver,
  AuthResolver,
  SiteResolver,
  ContactResolver,
  CoinResolver,
  AccountResolver,
  TransactionResolver,
  SettlementResolver,
  NotificationResolver,
  LiveResolver,
  SecondFactorResolver,
  ApiKeyResolver,
] as const;

/** Minimal container: one instance of each resolver, built with the shared services. */
function containerFor(services: Services | null): ContainerType {
  const instances = new Map<unknown, unknown>();
  return {
    get(cls: new (s: Services) => unknown, _data: ResolverData) {
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
    throw new Error('live updates are published with publishLive (modules/live), not a PubSub');
  },
  subscribe: () => {
    throw new Error('every subscription brings its own subscribe function (modules/live)');
  },
};

/** Builds the executable schema. `services` may be null when only printing the contract. */
export async function buildAppSchema(services: Services | null): Promise<GraphQLSchema> {
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
