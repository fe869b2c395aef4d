import Decimal from 'decimal.js';
import { creditSignupBonus } from '../modules/ledger';
import { UserType } from '../modules/user/user.entity';
import { startTestApp, TEST_PASSWORD } from './harness';
import { confirmedDeposit } from './settlement-fixtures';

/** The investor `populateInvestor` made: who, and how they sign in. */
export interface PopulatedInvestor {
  userId: string;
  email: string;
  password: string;
}

/**
 * Gives a migrated, seeded database (a scratch one) an investor with money through the real
 * services: the signup bonus (locked, then released), an admin adjustment, and a Starter deposit an
 * admin confirmed. Tests of whole-database operations (rollback, backup and restore) start here.
 */
export async function populateInvestor(databaseUrl: string): Promise<PopulatedInvestor> {
  const t = await startTestApp({}, { databaseUrl });
  try {
    const admin = await t.createUser(UserType.ADMIN);
    const { user } = await t.createUser();
    await t.services.ds.transaction((m) => creditSignupBonus(m, user.id, new Decimal(100)));
    await t.fund(user.id, '500.00');
    await confirmedDeposit(t.services, admin.user.id, user.id, 'Starter', '200');
    return { userId: user.id, email: user.email, password: TEST_PASSWORD };
  } finally {
    await t.close();
  }
}
