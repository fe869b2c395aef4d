import { Initial1763769600000 } from './1763769600000-Initial';

/** Migrations in order; run at every start (already-applied ones are skipped). */
export const MIGRATIONS = [Initial1763769600000];
