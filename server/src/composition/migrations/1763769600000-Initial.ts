import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole data model of the first release: users, accounts (+ ledger), transactions,
 * plans, deposit wallets and the audit log. Money is `numeric`, never negative (CHECK);
 * the ledger and audit log are append-only (triggers refuse UPDATE and DELETE).
 */
export class Initial1763769600000 implements MigrationInterface {
  name = 'Initial1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_user (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        phone_number varchar(40),
        dob varchar(10),
        city varchar(120),
        province varchar(120),
        country char(2) NOT NULL,
        zip_code varchar(20),
        address varchar(300),
        type varchar(16) NOT NULL DEFAULT 'investor' CHECK (type IN ('investor', 'admin')),
        profile_image varchar(500),
        is_premium boolean NOT NULL DEFAULT false,
        plan_type varchar(60),
        announcement text,
        message text,
        exchange varchar(16) NOT NULL DEFAULT 'TW',
        email_verified_at timestamptz,
        tokens_valid_after timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_app_user_email UNIQUE (email),
        CONSTRAINT ck_app_user_email_lower CHECK (email = lower(email))
      )`);
    await q.query(`CREATE INDEX ix_app_user_type ON app_user (type)`);
    await q.query(`CREATE INDEX ix_app_user_full_name ON app_user (lower(full_name) text_pattern_ops)`);
    await q.query(`CREATE INDEX ix_app_user_country ON app_user (lower(country))`);

    await q.query(`
      CREATE TABLE account (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES app_user(id) ON DELETE CASCADE,
        balance numeric(20,5) NOT NULL DEFAULT 0 CHECK (balance >= 0),
        wallet_balance numeric(20,5) NOT NULL DEFAULT 0 CHECK (wallet_balance >= 0),
        profit numeric(20,5) NOT NULL DEFAULT 0 CHECK (profit >= 0),
        investment numeric(20,5) NOT NULL DEFAULT 0 CHECK (investment >= 0),
        bitcoin numeric(20,5) NOT NULL DEFAULT 0 CHECK (bitcoin >= 0),
        ethereum numeric(20,5) NOT NULL DEFAULT 0 CHECK (ethereum >= 0),
        bnb numeric(20,5) NOT NULL DEFAULT 0 CHECK (bnb >= 0),
        litecoin numeric(20,5) NOT NULL DEFAULT 0 CHECK (litecoin >= 0),
        usdt numeric(20,5) NOT NULL DEFAULT 0 CHECK (usdt >= 0),
        has_setup_account boolean NOT NULL DEFAULT false,
        bitcoin_address varchar(200),
        litecoin_address varchar(200),
        ethereum_address varchar(200),
        usdt_address varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE plan (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(60) NOT NULL UNIQUE,
        min_amount numeric(20,2) NOT NULL CHECK (min_amount >= 0),
        max_amount numeric(20,2) CHECK (max_amount IS NULL OR max_amount >= min_amount),
        profit_percent numeric(6,2) NOT NULL CHECK (profit_percent >= 0),
        duration_hours int NOT NULL CHECK (duration_hours > 0),
        sort_order int NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true
      )`);

    await q.query(`
      CREATE TABLE "transaction" (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE RESTRICT,
        trx_type varchar(16) NOT NULL CHECK (trx_type IN ('DEPOSIT', 'WITHDRAWAL')),
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'DECLINED')),
        amount numeric(20,2) NOT NULL CHECK (amount > 0),
        crypto varchar(32) NOT NULL,
        plan_id uuid REFERENCES plan(id) ON DELETE RESTRICT,
        plan_name varchar(60),
        profit_percent numeric(6,2),
        transaction_id varchar(200),
        image_url varchar(500),
        wallet varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX uq_transaction_deposit_crypto_txid ON "transaction" (crypto, transaction_id)
      WHERE trx_type = 'DEPOSIT' AND transaction_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_transaction_user_created ON "transaction" (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX ix_transaction_created ON "transaction" (created_at DESC)`);
    await q.query(
      `CREATE INDEX ix_transaction_pending_withdrawal ON "transaction" (user_id) WHERE trx_type = 'WITHDRAWAL' AND status = 'PENDING'`,
    );

    await q.query(`
      CREATE TABLE deposit_wallet (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        exchange varchar(16) NOT NULL,
        name varchar(32) NOT NULL,
        address varchar(200) NOT NULL,
        image_url varchar(500),
        sort_order int NOT NULL DEFAULT 0,
        CONSTRAINT uq_deposit_wallet_exchange_name UNIQUE (exchange, name)
      )`);

    await q.query(`
      CREATE TABLE ledger_entry (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE RESTRICT,
        bucket varchar(32) NOT NULL CHECK (bucket IN
          ('balance','walletBalance','profit','investment','bitcoin','ethereum','bnb','litecoin','usdt')),
        delta numeric(20,5) NOT NULL CHECK (delta <> 0),
        reason varchar(32) NOT NULL,
        transaction_id uuid REFERENCES "transaction"(id) ON DELETE RESTRICT,
        actor_id uuid,
        note text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_ledger_entry_account ON ledger_entry (account_id, bucket)`);
    await q.query(`CREATE INDEX ix_ledger_entry_transaction ON ledger_entry (transaction_id)`);

    await q.query(`
      CREATE TABLE audit_event (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        action varchar(64) NOT NULL,
        actor_id uuid,
        subject_type varchar(32),
        subject_id varchar(64),
        ip varchar(64),
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_audit_event_actor ON audit_event (actor_id, created_at DESC)`);
    await q.query(`CREATE INDEX ix_audit_event_subject ON audit_event (subject_type, subject_id, created_at DESC)`);

    await q.query(`
      CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$`);
    for (const table of ['ledger_entry', 'audit_event']) {
      await q.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`);
      await q.query(`
        CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audit_event',
      'ledger_entry',
      'deposit_wallet',
      '"transaction"',
      'plan',
      'account',
      'app_user',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS refuse_change()`);
  }
}
