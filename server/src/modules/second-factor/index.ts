/** Public face of modules/second-factor: Authenticator apps, recovery codes, passkeys, step-up and admin enrolment codes. Other folders import only this file. */
export * from './enrolment-codes';
export { AUTHENTICATOR_SEALED_COLUMNS } from './secret-box';
export * from './second-factor.module';
export * from './second-factor.service';
export * from './sign-in-steps';
