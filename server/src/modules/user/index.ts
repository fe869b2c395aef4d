/** Public face of modules/user: Users: the entity, roles and scopes, profile and admin lists, owners' security notices. Other folders import only this file. */
export * from './notifier';
export * from './role';
export * from './scopes';
export * from './user-list';
export * from './user-search';
export * from './user.entity';
export * from './user.service';
