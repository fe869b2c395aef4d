/** Public face of modules/account: Investors' accounts: buckets as read, admin adjustments and lists, withdrawal-address cool-down. Other folders import only this file. */
export * from './account-admin.service';
export * from './account-list';
export * from './account.entity';
export * from './account.service';
