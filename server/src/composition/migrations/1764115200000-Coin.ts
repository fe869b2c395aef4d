import { MigrationInterface, QueryRunner } from 'typeorm';

/** Last known market price per coin, refreshed from the price feed; one row per coin (upserted). */
export class Coin1764115200000 implements MigrationInterface {
  name = 'Coin1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE coin_price (
        coin varchar(32) PRIMARY KEY,
        symbol varchar(16) NOT NULL,
        price_usd numeric NOT NULL CHECK (price_usd >= 0),
        change_24h_percent numeric,
        sparkline jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sparkline) = 'array'),
        fetched_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS coin_price`);
  }
}
