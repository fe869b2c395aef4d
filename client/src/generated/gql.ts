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
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    fullName\n    phoneNumber\n    dob\n    city\n    province\n    zipCode\n    address\n    profileImage\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n    token\n  }\n}\n\nmutation UpdateWithdrawalAddresses($input: WithdrawalAddressesInput!) {\n  updateWithdrawalAddresses(input: $input) {\n    id\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nmutation CreateDeposit($input: DepositInput!) {\n  createDeposit(input: $input) {\n    id\n    status\n  }\n}\n\nmutation RequestWithdrawal($input: WithdrawalInput!) {\n  requestWithdrawal(input: $input) {\n    id\n    status\n  }\n}": typeof types.UpdateProfileDocument,
    "query DashboardProfile {\n  me {\n    id\n    fullName\n    email\n    phoneNumber\n    dob\n    city\n    province\n    country\n    zipCode\n    address\n    profileImage\n    isPremium\n    planType\n    announcement\n    message\n    exchange\n  }\n}\n\nquery Account {\n  account {\n    id\n    balance\n    walletBalance\n    profit\n    investment\n    bitcoin\n    ethereum\n    bnb\n    litecoin\n    usdt\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nquery MyTransactions($page: Int!, $pageSize: Int!) {\n  myTransactions(page: $page, pageSize: $pageSize) {\n    page\n    pageSize\n    total\n    items {\n      id\n      createdAt\n      trxType\n      amount\n      crypto\n      plan\n      expectedProfit\n      status\n      imageUrl\n      transactionId\n      wallet\n    }\n  }\n}\n\nquery Coins($exchange: String!) {\n  coins(exchange: $exchange) {\n    status\n    updatedAt\n    coins {\n      name\n      symbol\n      priceUsd\n      change24hPercent\n      sparkline\n    }\n  }\n}\n\nquery DepositWallets($exchange: String!) {\n  wallets(exchange: $exchange) {\n    id\n    name\n    address\n    exchange\n    imageUrl\n    qrCode\n  }\n}": typeof types.DashboardProfileDocument,
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
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    fullName\n    phoneNumber\n    dob\n    city\n    province\n    zipCode\n    address\n    profileImage\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n    token\n  }\n}\n\nmutation UpdateWithdrawalAddresses($input: WithdrawalAddressesInput!) {\n  updateWithdrawalAddresses(input: $input) {\n    id\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nmutation CreateDeposit($input: DepositInput!) {\n  createDeposit(input: $input) {\n    id\n    status\n  }\n}\n\nmutation RequestWithdrawal($input: WithdrawalInput!) {\n  requestWithdrawal(input: $input) {\n    id\n    status\n  }\n}": types.UpdateProfileDocument,
    "query DashboardProfile {\n  me {\n    id\n    fullName\n    email\n    phoneNumber\n    dob\n    city\n    province\n    country\n    zipCode\n    address\n    profileImage\n    isPremium\n    planType\n    announcement\n    message\n    exchange\n  }\n}\n\nquery Account {\n  account {\n    id\n    balance\n    walletBalance\n    profit\n    investment\n    bitcoin\n    ethereum\n    bnb\n    litecoin\n    usdt\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nquery MyTransactions($page: Int!, $pageSize: Int!) {\n  myTransactions(page: $page, pageSize: $pageSize) {\n    page\n    pageSize\n    total\n    items {\n      id\n      createdAt\n      trxType\n      amount\n      crypto\n      plan\n      expectedProfit\n      status\n      imageUrl\n      transactionId\n      wallet\n    }\n  }\n}\n\nquery Coins($exchange: String!) {\n  coins(exchange: $exchange) {\n    status\n    updatedAt\n    coins {\n      name\n      symbol\n      priceUsd\n      change24hPercent\n      sparkline\n    }\n  }\n}\n\nquery DepositWallets($exchange: String!) {\n  wallets(exchange: $exchange) {\n    id\n    name\n    address\n    exchange\n    imageUrl\n    qrCode\n  }\n}": types.DashboardProfileDocument,
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
export function graphql(source: "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    fullName\n    phoneNumber\n    dob\n    city\n    province\n    zipCode\n    address\n    profileImage\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n    token\n  }\n}\n\nmutation UpdateWithdrawalAddresses($input: WithdrawalAddressesInput!) {\n  updateWithdrawalAddresses(input: $input) {\n    id\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nmutation CreateDeposit($input: DepositInput!) {\n  createDeposit(input: $input) {\n    id\n    status\n  }\n}\n\nmutation RequestWithdrawal($input: WithdrawalInput!) {\n  requestWithdrawal(input: $input) {\n    id\n    status\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    fullName\n    phoneNumber\n    dob\n    city\n    province\n    zipCode\n    address\n    profileImage\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n    token\n  }\n}\n\nmutation UpdateWithdrawalAddresses($input: WithdrawalAddressesInput!) {\n  updateWithdrawalAddresses(input: $input) {\n    id\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nmutation CreateDeposit($input: DepositInput!) {\n  createDeposit(input: $input) {\n    id\n    status\n  }\n}\n\nmutation RequestWithdrawal($input: WithdrawalInput!) {\n  requestWithdrawal(input: $input) {\n    id\n    status\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DashboardProfile {\n  me {\n    id\n    fullName\n    email\n    phoneNumber\n    dob\n    city\n    province\n    country\n    zipCode\n    address\n    profileImage\n    isPremium\n    planType\n    announcement\n    message\n    exchange\n  }\n}\n\nquery Account {\n  account {\n    id\n    balance\n    walletBalance\n    profit\n    investment\n    bitcoin\n    ethereum\n    bnb\n    litecoin\n    usdt\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nquery MyTransactions($page: Int!, $pageSize: Int!) {\n  myTransactions(page: $page, pageSize: $pageSize) {\n    page\n    pageSize\n    total\n    items {\n      id\n      createdAt\n      trxType\n      amount\n      crypto\n      plan\n      expectedProfit\n      status\n      imageUrl\n      transactionId\n      wallet\n    }\n  }\n}\n\nquery Coins($exchange: String!) {\n  coins(exchange: $exchange) {\n    status\n    updatedAt\n    coins {\n      name\n      symbol\n      priceUsd\n      change24hPercent\n      sparkline\n    }\n  }\n}\n\nquery DepositWallets($exchange: String!) {\n  wallets(exchange: $exchange) {\n    id\n    name\n    address\n    exchange\n    imageUrl\n    qrCode\n  }\n}"): (typeof documents)["query DashboardProfile {\n  me {\n    id\n    fullName\n    email\n    phoneNumber\n    dob\n    city\n    province\n    country\n    zipCode\n    address\n    profileImage\n    isPremium\n    planType\n    announcement\n    message\n    exchange\n  }\n}\n\nquery Account {\n  account {\n    id\n    balance\n    walletBalance\n    profit\n    investment\n    bitcoin\n    ethereum\n    bnb\n    litecoin\n    usdt\n    hasSetupAccount\n    wallet {\n      bitcoin\n      ethereum\n      litecoin\n      usdt\n    }\n  }\n}\n\nquery MyTransactions($page: Int!, $pageSize: Int!) {\n  myTransactions(page: $page, pageSize: $pageSize) {\n    page\n    pageSize\n    total\n    items {\n      id\n      createdAt\n      trxType\n      amount\n      crypto\n      plan\n      expectedProfit\n      status\n      imageUrl\n      transactionId\n      wallet\n    }\n  }\n}\n\nquery Coins($exchange: String!) {\n  coins(exchange: $exchange) {\n    status\n    updatedAt\n    coins {\n      name\n      symbol\n      priceUsd\n      change24hPercent\n      sparkline\n    }\n  }\n}\n\nquery DepositWallets($exchange: String!) {\n  wallets(exchange: $exchange) {\n    id\n    name\n    address\n    exchange\n    imageUrl\n    qrCode\n  }\n}"];
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