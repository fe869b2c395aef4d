/** Public face of platform/audit: The audit trail of admin and security actions. Other folders import only this file. */
export * from './audit-event.entity';
export * from './audit.service';
export * from './audit-actions';
export * from './audit-log';
