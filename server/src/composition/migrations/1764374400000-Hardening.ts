import { MigrationInterface, QueryRunner } from 'typeorm';

/** Cyrillic and Greek letters drawn like a-f, and their ASCII letters (see blockchain-id.ts). */
const LOOKALIKES = ['\u0430\u0410\u0391\u0412\u0392\u0441\u0421\u03f2\u0501\u0435\u0415\u0395', 'aaabbcccdeee'];

/**
 * Hardening against attackers (issue 10):
 * - fixed-window budgets shared by every instance (replacing rate-limiter-flexible's table, whose
 *   clock could not be injected);
 * - a deposit's blockchain id is unique by its canonical key, not by the exact string typed;
 * - the signup bonus stays locked until the first confirmed deposit (its own bucket);
 * - a changed withdrawal address can receive money only after a cool-down.
 */
export class Hardening1764374400000 implements MigrationInterface {
  name = 'Hardening1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS rate_limit`);
    await q.query(`
      CREATE TABLE budget (
        key text PRIMARY KEY,
        used int NOT NULL,
        window_ends timestamptz NOT NULL
      )`);

    // The canonical key is computed by the database itself, so no write path can skip it; the
    // server's canonicalBlockchainId() stores the same form as transaction_id (tested to agree).
    const key = `lower(regexp_replace(translate(
      regexp_replace(normalize(transaction_id, NFKC), '[[:space:]\u00ad\u200b-\u200f\u2060\ufeff]', '', 'g'),
      '${LOOKALIKES[0]}', '${LOOKALIKES[1]}'), '^0x', '', 'i'))`;
    await q.query(`ALTER TABLE "transaction" ALTER COLUMN transaction_id TYPE varchar(250)`);
    // Claims the exact-string index let in twice: the oldest keeps the id, later ones are marked.
    await q.query(`
      UPDATE "transaction" t SET transaction_id = t.transaction_id || '#duplicate-' || t.id
        FROM (SELECT id, row_number() OVER (PARTITION BY crypto, ${key} ORDER BY created_at, id) AS n
                FROM "transaction" WHERE trx_type = 'DEPOSIT' AND transaction_id IS NOT NULL) d
       WHERE d.id = t.id AND d.n > 1`);
    await q.query(
      `ALTER TABLE "transaction" ADD COLUMN transaction_id_key varchar(250) GENERATED ALWAYS AS (${key}) STORED`,
    );
    await q.query(`DROP INDEX uq_transaction_deposit_crypto_txid`);
    await q.query(`
      CREATE UNIQUE INDEX uq_transaction_deposit_crypto_txkey ON "transaction" (crypto, transaction_id_key)
      WHERE trx_type = 'DEPOSIT' AND transaction_id_key IS NOT NULL`);

    await q.query(
      `ALTER TABLE account ADD COLUMN locked_bonus numeric(20,5) NOT NULL DEFAULT 0 CHECK (locked_bonus >= 0)`,
    );
    await q.query(`ALTER TABLE ledger_entry DROP CONSTRAINT ledger_entry_bucket_check`);
    await q.query(`ALTER TABLE ledger_entry ADD CONSTRAINT ledger_entry_bucket_check CHECK (bucket IN
      ('balance','walletBalance','profit','investment','bitcoin','ethereum','bnb','litecoin','usdt','lockedBonus'))`);
    // Bonuses already paid to accounts without a confirmed deposit are locked, with their ledger entry.
    await q.query(`
      WITH locked AS (
        UPDATE account a SET locked_bonus = least(b.bonus, a.balance)
          FROM (SELECT account_id, sum(delta) AS bonus FROM ledger_entry WHERE reason = 'SIGNUP_BONUS' GROUP BY account_id) b
         WHERE b.account_id = a.id AND least(b.bonus, a.balance) > 0
           AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.user_id = a.user_id
                            AND t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED')
        RETURNING a.id, a.locked_bonus)
      INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, note)
      SELECT id, 'lockedBonus', locked_bonus, locked_bonus, 'BONUS_LOCKED', 'locked until the first confirmed deposit'
        FROM locked`);

    for (const coin of ['bitcoin', 'litecoin', 'ethereum', 'usdt']) {
      // Null: never set (the first address is usable at once); kept when the address is cleared.
      await q.query(`ALTER TABLE account ADD COLUMN ${coin}_address_usable_from timestamptz`);
      await q.query(`UPDATE account SET ${coin}_address_usable_from = updated_at WHERE ${coin}_address IS NOT NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const coin of ['bitcoin', 'litecoin', 'ethereum', 'usdt'])
      await q.query(`ALTER TABLE account DROP COLUMN ${coin}_address_usable_from`);
    await q.query(`ALTER TABLE account DROP COLUMN locked_bonus`); // its ledger entries stay (append-only)
    // The buckets before this release again. Entries of the locked bonus cannot go (append-only):
    // when there are some, the check holds for new rows only (NOT VALID).
    await q.query(`ALTER TABLE ledger_entry DROP CONSTRAINT ledger_entry_bucket_check`);
    const [{ kept }] = await q.query(`SELECT EXISTS (SELECT 1 FROM ledger_entry WHERE bucket = 'lockedBonus') AS kept`);
    await q.query(`ALTER TABLE ledger_entry ADD CONSTRAINT ledger_entry_bucket_check CHECK (bucket IN
      ('balance','walletBalance','profit','investment','bitcoin','ethereum','bnb','litecoin','usdt'))${kept ? ' NOT VALID' : ''}`);
    await q.query(`DROP INDEX uq_transaction_deposit_crypto_txkey`);
    await q.query(`
      CREATE UNIQUE INDEX uq_transaction_deposit_crypto_txid ON "transaction" (crypto, transaction_id)
      WHERE trx_type = 'DEPOSIT' AND transaction_id IS NOT NULL`);
    await q.query(`ALTER TABLE "transaction" DROP COLUMN transaction_id_key`);
    await q.query(`ALTER TABLE "transaction" ALTER COLUMN transaction_id TYPE varchar(200)`);
    await q.query(`DROP TABLE IF EXISTS budget`);
    await q.query(
      `CREATE TABLE rate_limit (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  }
}
