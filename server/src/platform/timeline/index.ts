/** Public face of platform/timeline: Every transaction's timeline of events; listeners run in the recording transaction. Other folders import only this file. */
export * from './transaction-event.entity';
export * from './transaction-events';
