import { Initial1763769600000 } from './1763769600000-Initial';
import { Auth1763856000000 } from './1763856000000-Auth';

/** Migrations in order; run at every start (already-applied ones are skipped). */
export const MIGRATIONS = [Initial1763769600000, Auth1763856000000];
