import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull } from 'graphql';
import { AuthChecker, Authorized, Directive } from 'type-graphql';
import { AppError, ErrorCode } from '../errors';
import { hasRole, Role } from '../modules/auth/role';
import type { GraphQLContext } from './context';

/** `directive @auth(requires: Role!) on FIELD_DEFINITION`: the field's access rule, in the contract. */
export const authDirective = new GraphQLDirective({
  name: 'auth',
  description: 'The field requires a signed-in caller with this role.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    requires: {
      type: new GraphQLNonNull(
        new GraphQLEnumType({
          name: 'Role',
          description: 'Access level a field requires: USER = any signed-in caller',
          values: Object.fromEntries(Object.values(Role).map((r) => [r, { value: r }])),
        }),
      ),
    },
  },
});

/** `directive @public on FIELD_DEFINITION`: the field is open to guests on purpose. */
export const publicDirective = new GraphQLDirective({
  name: 'public',
  description: 'The field is deliberately open to anyone, signed in or not.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

/**
 * Marks a root field as requiring `role`: one decorator sets both the enforced rule
 * (`@Authorized`) and the schema directive, so contract and behaviour cannot diverge.
 */
export function Auth(role: Role): MethodDecorator {
  return (target, key, descriptor) => {
    Authorized(role)(target, key, descriptor);
    Directive(`@auth(requires: ${role})`)(target, key, descriptor as never);
  };
}

/** Marks a root field as deliberately public (a test fails on any root field with neither mark). */
export function Public(): MethodDecorator {
  return (target, key, descriptor) => {
    Directive('@public')(target, key, descriptor as never);
  };
}

/** Enforces `@Auth`: no caller -> UNAUTHENTICATED (401); wrong role -> FORBIDDEN (403). */
export const authChecker: AuthChecker<GraphQLContext, Role> = ({ context }, roles) => {
  const user = context.user;
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'You must be signed in');
  if (!roles.every((r) => hasRole(user, r))) throw new AppError(ErrorCode.FORBIDDEN, 'You are not allowed to do this');
  return true;
};
