/** Public face of modules/overview: The admin overview: what the platform holds, owes and waits on, in one SQL statement. Other folders import only this file. */
export * from './overview-range';
export * from './overview.service';
