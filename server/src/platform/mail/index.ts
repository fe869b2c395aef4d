/** Public face of platform/mail: Mail: the SMTP mailer, the transactional outbox, the templates. Other folders import only this file. */
export * from './mailer';
export * from './outbox';
export * from './templates';
export * from './formats';
