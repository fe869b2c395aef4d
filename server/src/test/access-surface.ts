import { getDirective } from '@graphql-tools/utils';
import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { AccessRule } from '../modules/identity/access';
import { restRouter } from '../transport/rest/router';
import type { Services } from '../composition/services';

/** A root field with its access marks, as the contract declares them. */
export interface RootField {
  field: GraphQLField<unknown, unknown>;
  root: string;
  /** `@auth(...)` arguments, when present. */
  auth?: { requires: string; scopes?: string[]; duringEnrolment?: boolean };
  isPublic: boolean;
}

/** Every field of Query, Mutation and Subscription with its access marks. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    Boolean,
  ) as GraphQLObjectType[];
  return roots.flatMap((root) =>
    Object.values(root.getFields()).map((field) => ({
      field,
      root: root.name,
      auth: getDirective(schema, field, 'auth')?.[0] as RootField['auth'],
      isPublic: Boolean(getDirective(schema, field, 'public')?.length),
    })),
  );
}

/** Literals that parse for each scalar (custom scalars validate their input while parsing). */
const SCALAR_LITERALS: Record<string, string> = {
  Int: '1',
  Float: '1',
  Boolean: 'true',
  Money: '"1"',
  Decimal: '"1"',
  DateTimeISO: '"2030-01-01T00:00:00.000Z"',
};

/** A literal of the given type: a valid scalar, the first value of an enum, required fields of an input. */
function literalFor(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0].name;
  if (isInputObjectType(named)) {
    const required = Object.values(named.getFields()).filter(
      (f) => isNonNullType(f.type) && f.defaultValue === undefined,
    );
    return `{ ${required.map((f) => `${f.name}: ${literalFor(f.type)}`).join(', ')} }`;
  }
  return (isScalarType(named) && SCALAR_LITERALS[named.name]) || '"x"';
}

/** A minimal document calling `field` (required arguments filled in, `__typename` selected). */
export function callFor(field: GraphQLField<unknown, unknown>, root: string): string {
  const args = field.args
    .filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)
    .map((a) => `${a.name}: ${literalFor(a.type)}`);
  const named = getNamedType(field.type);
  const selection = isObjectType(named) ? '{ __typename }' : '';
  const op = root === 'Mutation' ? 'mutation' : 'query';
  return `${op} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
}

/** A guarded REST path: method, path under /api (params filled with a UUID) and its rule. */
export interface GuardedPath {
  method: string;
  path: string;
  rule: AccessRule;
}

/** Every REST path behind `requireRole`, read from the router itself (so none is forgotten). */
export function guardedRestPaths(services: Services): GuardedPath[] {
  type Layer = {
    route?: { path: string; methods: Record<string, boolean>; stack: { handle: { accessRule?: AccessRule } }[] };
  };
  const stack = (restRouter(services) as unknown as { stack: Layer[] }).stack;
  return stack.flatMap((layer) => {
    const route = layer.route;
    const rule = route?.stack.map((s) => s.handle.accessRule).find(Boolean);
    if (!route || !rule) return [];
    const path = `/api${route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')}`;
    return Object.keys(route.methods).map((method) => ({ method, path, rule }));
  });
}

/** Starts a request of `method` (as the router names it: get, post, put, ...) on `agent`. */
export function restCall(agent: TestAgent, method: string, path: string): Test {
  return (agent as unknown as Record<string, (p: string) => Test>)[method](path);
}
