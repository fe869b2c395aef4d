/** Public face of modules/notifications: In-app notifications fed by the timeline and admin messages, mailed and published live. Other folders import only this file. */
export * from './notification-mails';
export * from './notification.entity';
export * from './notification.service';
