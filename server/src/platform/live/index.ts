/** Public face of platform/live: Live updates: the hub, feeds, messages, the LISTEN connection and publishing. Other folders import only this file. */
export * from './hub';
export * from './listener';
export * from './messages';
export * from './publish';
