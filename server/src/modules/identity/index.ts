/** Public face of modules/identity: Who is calling: sessions and tokens, access rules, passwords, code lockouts. Other folders import only this file. */
export * from './access';
export * from './auth.types';
export * from './codes-locked';
export * from './password';
export * from './sessions';
export * from './session-records';
export * from './device-name';
export * from './token.service';
