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

/** How the shipped example file marks its addresses: none is real, and a deposit sent to one is lost. */
export const EXAMPLE_ADDRESS_PREFIX = 'EXAMPLE-';

/** True for an address copied from config/wallets.example.json (any case). */
export function isExampleAddress(address: string): boolean {
  return address.toUpperCase().startsWith(EXAMPLE_ADDRESS_PREFIX);
}

/** How strictly readWalletFile reads. */
export interface WalletFileOptions {
  /** Production: an example address stops the start (investors would be shown it and send money there). */
  refuseExamples?: boolean;
}

/**
 * Reads the operator's deposit-address file: `{ "exchanges": { "TW": [ { "name", "address",
 * "imageUrl"? } ] } }`. Any malformed entry stops the start with a message naming it, and so does
 * an example address when `refuseExamples` (production), whatever the file is called.
 */
export function readWalletFile(file: string, options: WalletFileOptions = {}): WalletFileEntry[] {
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
  const examples = out.filter((e) => isExampleAddress(e.address));
  if (options.refuseExamples && examples.length > 0) {
    const first = examples[0];
    throw new AppError(
      ErrorCode.BAD_REQUEST,
      `WALLETS_FILE ${file} holds ${examples.length} example address(es), e.g. exchanges.${first.exchange} ${first.name} "${first.address}": deposits sent there are lost. Put your own addresses in it.`,
    );
  }
  return out;
}
