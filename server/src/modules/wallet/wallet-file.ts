import { readFileSync } from 'node:fs';
import { AppError, ErrorCode } from '../../kernel/errors';

/** One deposit address as the operator writes it in WALLETS_FILE. */
export interface WalletFileEntry {
  exchange: string;
  name: string;
  address: string;
  imageUrl: string | null;
}

const EXCHANGE = /^[A-Z0-9_-]{1,16}$/;

/**
 * Reads the operator's deposit-address file: `{ "exchanges": { "TW": [ { "name", "address",
 * "imageUrl"? } ] } }`. Any malformed entry stops the start with a message naming it.
 */
export function readWalletFile(file: string): WalletFileEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new AppError(ErrorCode.BAD_REQUEST, `WALLETS_FILE ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const exchanges = (parsed as { exchanges?: unknown })?.exchanges;
  if (!exchanges || typeof exchanges !== 'object') {
    throw new AppError(ErrorCode.BAD_REQUEST, `WALLETS_FILE ${file} must have an "exchanges" object`);
  }
  const out: WalletFileEntry[] = [];
  for (const [exchange, list] of Object.entries(exchanges as Record<string, unknown>)) {
    if (!EXCHANGE.test(exchange))
      throw new AppError(ErrorCode.BAD_REQUEST, `WALLETS_FILE: bad exchange code "${exchange}"`);
    if (!Array.isArray(list))
      throw new AppError(ErrorCode.BAD_REQUEST, `WALLETS_FILE: exchanges.${exchange} must be a list`);
    list.forEach((item, i) => {
      const { name, address, imageUrl } = (item ?? {}) as Record<string, unknown>;
      if (typeof name !== 'string' || !name.trim() || typeof address !== 'string' || !address.trim()) {
        throw new AppError(
          ErrorCode.BAD_REQUEST,
          `WALLETS_FILE: exchanges.${exchange}[${i}] needs "name" and "address"`,
        );
      }
      if (imageUrl !== undefined && imageUrl !== null && typeof imageUrl !== 'string') {
        throw new AppError(
          ErrorCode.BAD_REQUEST,
          `WALLETS_FILE: exchanges.${exchange}[${i}].imageUrl must be a string`,
        );
      }
      out.push({
        exchange,
        name: name.trim().toLowerCase(),
        address: address.trim(),
        imageUrl: (imageUrl as string) || null,
      });
    });
  }
  return out;
}
