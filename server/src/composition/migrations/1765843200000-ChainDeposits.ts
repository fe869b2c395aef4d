import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money the chain proves (issue 35): each investor's own deposit address per chain (derived from
 * the operator's watch-only key, assigned once), the investor's intent when asking for it (plan,
 * USD amount and the coin amount quoted for a while), each watcher's place in its chain (height and
 * hash, to notice reorganisations), and on deposits what the chain says: the coin amount, the
 * check of the transaction id (result, confirmations, amount and address paid, the block), who
 * made it (the investor, or the chain watcher), and why a detected deposit waits for an admin.
 */
export class ChainDeposits1765843200000 implements MigrationInterface {
  name = 'ChainDeposits1765843200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_address (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE RESTRICT,
        chain varchar(8) NOT NULL,
        derivation_index int NOT NULL CHECK (derivation_index >= 0),
        address varchar(100) NOT NULL CHECK (address = lower(address)),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_deposit_address_user_chain UNIQUE (user_id, chain),
        CONSTRAINT uq_deposit_address_chain_index UNIQUE (chain, derivation_index),
        CONSTRAINT uq_deposit_address_chain_address UNIQUE (chain, address)
      )`);
    await q.query(`
      CREATE TABLE deposit_intent (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        crypto varchar(32) NOT NULL,
        plan_id uuid NOT NULL REFERENCES plan(id) ON DELETE CASCADE,
        amount numeric(20, 2) NOT NULL CHECK (amount > 0),
        coin_amount numeric(38, 18),
        price numeric,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_deposit_intent_user_coin ON deposit_intent (user_id, crypto, expires_at DESC)`);
    await q.query(`
      CREATE TABLE chain_cursor (
        chain varchar(8) PRIMARY KEY,
        height bigint NOT NULL,
        hash varchar(80) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE "transaction"
      ADD COLUMN origin varchar(8) NOT NULL DEFAULT 'INVESTOR' CHECK (origin IN ('INVESTOR', 'CHAIN')),
      ADD COLUMN crypto_amount numeric(38, 18),
      ADD COLUMN chain_result varchar(16)
        CHECK (chain_result IN ('VERIFIED', 'NOT_FOUND', 'WRONG_ADDRESS', 'AMOUNT_MISMATCH', 'UNCONFIRMED', 'UNCHECKED')),
      ADD COLUMN chain_confirmations int,
      ADD COLUMN chain_coin_amount numeric(38, 18),
      ADD COLUMN chain_address varchar(100),
      ADD COLUMN chain_block_number bigint,
      ADD COLUMN chain_block_hash varchar(80),
      ADD COLUMN chain_checked_at timestamptz,
      ADD COLUMN chain_hold varchar(300),
      ADD COLUMN payout_fee numeric(20, 2) CHECK (payout_fee >= 0)`);
    // A payment seen while no price was known is recorded at $0.00 and waits for an admin; it can't be confirmed so.
    await q.query(`ALTER TABLE "transaction" DROP CONSTRAINT transaction_amount_check`);
    await q.query(`ALTER TABLE "transaction" ADD CONSTRAINT transaction_amount_check
      CHECK (amount > 0 OR (amount = 0 AND origin = 'CHAIN' AND status <> 'CONFIRMED'))`);
    // The watcher's re-checks: pending deposits whose chain check is not final yet.
    await q.query(`CREATE INDEX ix_transaction_chain_open ON "transaction" (crypto, created_at)
      WHERE trx_type = 'DEPOSIT' AND status = 'PENDING' AND chain_result IS DISTINCT FROM 'UNCHECKED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transaction_chain_open`);
    await q.query(`DELETE FROM "transaction" WHERE amount = 0`);
    await q.query(`ALTER TABLE "transaction" DROP CONSTRAINT transaction_amount_check`);
    await q.query(`ALTER TABLE "transaction" ADD CONSTRAINT transaction_amount_check CHECK (amount > 0)`);
    await q.query(`ALTER TABLE "transaction"
      DROP COLUMN origin, DROP COLUMN crypto_amount, DROP COLUMN chain_result, DROP COLUMN chain_confirmations,
      DROP COLUMN chain_coin_amount, DROP COLUMN chain_address, DROP COLUMN chain_block_number,
      DROP COLUMN chain_block_hash, DROP COLUMN chain_checked_at, DROP COLUMN chain_hold, DROP COLUMN payout_fee`);
    await q.query(`DROP TABLE chain_cursor`);
    await q.query(`DROP TABLE deposit_intent`);
    await q.query(`DROP TABLE deposit_address`);
  }
}
