import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLInputType,
} from 'graphql';
import { AuthChecker, Authorized, Directive } from 'type-graphql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { type AccessRule, type AuthOptions, assertAccess } from '../../modules/identity';
import { Role } from '../../modules/user';
import type { GraphQLContext } from './context';

const roleEnum = new GraphQLEnumType({
  name: 'Role',
  description: 'Access level a field requires: USER = any signed-in caller',
  values: Object.fromEntries(Object.values(Role).map((r) => [r, { value: r }])),
});

/**
 * `directive @auth(requires: Role!, scopes: [ApiKeyScope!], duringEnrolment: Boolean)`: the
 * field's access rule, in the contract. `scopes` lists the API key scopes that open the field
 * (none: keys are refused); `duringEnrolment` marks what an admin without a second factor may use.
 * `scopeType` is the schema's own ApiKeyScope enum (see buildAppSchema).
 */
export function authDirectiveWith(scopeType: GraphQLInputType): GraphQLDirective {
  return new GraphQLDirective({
    name: 'auth',
    description: 'The field requires a signed-in caller with this role (and, for an API key, one of these scopes).',
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: {
      requires: { type: new GraphQLNonNull(roleEnum) },
      scopes: { type: new GraphQLList(new GraphQLNonNull(scopeType)) },
      duringEnrolment: { type: GraphQLBoolean },
    },
  });
}

/** `directive @public on FIELD_DEFINITION`: the field is open to guests on purpose. */
export const publicDirective = new GraphQLDirective({
  name: 'public',
  description: 'The field is deliberately open to anyone, signed in or not.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

/**
 * Marks a root field as requiring `role` (and `options`): one decorator sets both the enforced
 * rule (`@Authorized`) and the schema directive, so contract and behaviour cannot diverge.
 */
export function Auth(role: Role, options: AuthOptions = {}): MethodDecorator {
  const rule: AccessRule = { role, ...options };
  const args = [`requires: ${role}`];
  if (options.scopes?.length) args.push(`scopes: [${options.scopes.join(', ')}]`);
  if (options.duringEnrolment) args.push('duringEnrolment: true');
  return (target, key, descriptor) => {
    Authorized<AccessRule>(rule)(target, key, descriptor);
    Directive(`@auth(${args.join(', ')})`)(target, key, descriptor as never);
  };
}

/** Marks a root field as deliberately public (a test fails on any root field with neither mark). */
export function Public(): MethodDecorator {
  return (target, key, descriptor) => {
    Directive('@public')(target, key, descriptor as never);
  };
}

/**
 * Enforces `@Auth`: no caller -> UNAUTHENTICATED (401); wrong role, a key without the scope, or
 * an admin still enrolling -> 403 (see `assertAccess`). Calls made with an API key are audited.
 */
export const authChecker: AuthChecker<GraphQLContext, AccessRule> = async ({ context, info }, rules) => {
  const user = context.user;
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'You must be signed in');
  const operation = `${info.parentType.name}.${info.fieldName}`;
  try {
    for (const rule of rules) assertAccess(user, rule);
  } catch (err) {
    if (user.apiKey) await context.recordKeyCall?.(operation, false);
    throw err;
  }
  if (user.apiKey) await context.recordKeyCall?.(operation, true);
  return true;
};
