import type { DataSource } from 'typeorm';

/** Sets a fresh USD price of `coin` as the price feed stores it (null: none known), so found payments can be valued. */
export async function setCoinPrice(ds: DataSource, coin: string, price: string | null): Promise<void> {
  await ds.query(`DELETE FROM coin_price WHERE coin = $1`, [coin]);
  if (price)
    await ds.query(
      `INSERT INTO coin_price (coin, symbol, price_usd, change_24h_percent, sparkline, fetched_at)
       VALUES ($1::varchar, upper($1::varchar), $2, 0, '[]'::jsonb, now())`,
      [coin, price],
    );
}

/** The investor's deposits with what the chain tests assert on, oldest first. */
export function depositRows(ds: DataSource, userId: string) {
  return ds.query(
    `SELECT id, status, origin, amount::text, crypto, crypto_amount::text AS "cryptoAmount", plan_name AS plan,
            chain_result AS "chainResult", chain_confirmations AS confirmations, transaction_id AS txid, chain_hold AS hold
       FROM "transaction" WHERE user_id = $1 AND trx_type = 'DEPOSIT' ORDER BY created_at`,
    [userId],
  );
}
