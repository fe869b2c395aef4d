/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query Me {\n  me {\n    id\n    fullName\n    email\n    type\n  }\n}": typeof types.MeDocument,
    "mutation ResetPassword($password: String!, $token: String!) {\n  resetPassword(password: $password, token: $token)\n}": typeof types.ResetPasswordDocument,
    "mutation ResendOtp($email: String!, $activity: OtpPurpose!) {\n  resendOtp(email: $email, activity: $activity)\n}": typeof types.ResendOtpDocument,
    "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    token\n  }\n}": typeof types.LoginDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    email\n  }\n}": typeof types.RegisterDocument,
    "mutation VerifyResetCode($email: String!, $otp: String!) {\n  verifyResetCode(email: $email, otp: $otp) {\n    token\n  }\n}": typeof types.VerifyResetCodeDocument,
    "mutation VerifyEmail($email: String!, $otp: String!) {\n  verifyEmail(email: $email, otp: $otp) {\n    token\n  }\n}": typeof types.VerifyEmailDocument,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n    receivedAt\n  }\n}": typeof types.SendContactMessageDocument,
    "query Plans {\n  plans {\n    id\n    name\n    minAmount\n    maxAmount\n    profitPercent\n    durationHours\n  }\n}": typeof types.PlansDocument,
};
const documents: Documents = {
    "query Me {\n  me {\n    id\n    fullName\n    email\n    type\n  }\n}": types.MeDocument,
    "mutation ResetPassword($password: String!, $token: String!) {\n  resetPassword(password: $password, token: $token)\n}": types.ResetPasswordDocument,
    "mutation ResendOtp($email: String!, $activity: OtpPurpose!) {\n  resendOtp(email: $email, activity: $activity)\n}": types.ResendOtpDocument,
    "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    token\n  }\n}": types.LoginDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    email\n  }\n}": types.RegisterDocument,
    "mutation VerifyResetCode($email: String!, $otp: String!) {\n  verifyResetCode(email: $email, otp: $otp) {\n    token\n  }\n}": types.VerifyResetCodeDocument,
    "mutation VerifyEmail($email: String!, $otp: String!) {\n  verifyEmail(email: $email, otp: $otp) {\n    token\n  }\n}": types.VerifyEmailDocument,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n    receivedAt\n  }\n}": types.SendContactMessageDocument,
    "query Plans {\n  plans {\n    id\n    name\n    minAmount\n    maxAmount\n    profitPercent\n    durationHours\n  }\n}": types.PlansDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    id\n    fullName\n    email\n    type\n  }\n}"): (typeof documents)["query Me {\n  me {\n    id\n    fullName\n    email\n    type\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResetPassword($password: String!, $token: String!) {\n  resetPassword(password: $password, token: $token)\n}"): (typeof documents)["mutation ResetPassword($password: String!, $token: String!) {\n  resetPassword(password: $password, token: $token)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResendOtp($email: String!, $activity: OtpPurpose!) {\n  resendOtp(email: $email, activity: $activity)\n}"): (typeof documents)["mutation ResendOtp($email: String!, $activity: OtpPurpose!) {\n  resendOtp(email: $email, activity: $activity)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    token\n  }\n}"): (typeof documents)["mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    token\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    email\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    email\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VerifyResetCode($email: String!, $otp: String!) {\n  verifyResetCode(email: $email, otp: $otp) {\n    token\n  }\n}"): (typeof documents)["mutation VerifyResetCode($email: String!, $otp: String!) {\n  verifyResetCode(email: $email, otp: $otp) {\n    token\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VerifyEmail($email: String!, $otp: String!) {\n  verifyEmail(email: $email, otp: $otp) {\n    token\n  }\n}"): (typeof documents)["mutation VerifyEmail($email: String!, $otp: String!) {\n  verifyEmail(email: $email, otp: $otp) {\n    token\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n    receivedAt\n  }\n}"): (typeof documents)["mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n    receivedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Plans {\n  plans {\n    id\n    name\n    minAmount\n    maxAmount\n    profitPercent\n    durationHours\n  }\n}"): (typeof documents)["query Plans {\n  plans {\n    id\n    name\n    minAmount\n    maxAmount\n    profitPercent\n    durationHours\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;