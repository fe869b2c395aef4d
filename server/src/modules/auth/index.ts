/** Public face of modules/auth: Sign-up, sign-in, e-mail codes and password resets, bearer/API-key authentication, administrators. Other folders import only this file. */
export * from './admins';
export * from './auth.service';
export * from './authenticate';
export * from './otp-code.entity';
export * from './otp.service';
export * from './password-reset.entity';
