import Decimal from 'decimal.js';
import type { ChainConfig } from '../../kernel/chain-settings';
import type { Clock } from '../../kernel/clock';
import { ChainCheckResult, type DepositCheck, type SubmittedDeposit, type SubmittedDepositCheck } from '../transaction';
import { assetOfCoin } from './chain-assets';
import type { ChainReader } from './chain-reader';
import type { DepositAddresses } from './deposit-addresses';
import { judge } from './judge';

/**
 * How far below the USD amount at today's price a submitted payment may be and still count as
 * paying it: the investor paid at the price of their moment, not ours.
 */
export const PRICE_TOLERANCE = '0.03';

/** How long a submission waits for the chain before it is stored unchecked (the watcher checks it within a minute). */
const CHECK_TIMEOUT_MS = 5_000;

/** The least a submitted deposit's transaction must pay: its coin amount less PRICE_TOLERANCE; null when unknown. */
export function submittedMinimum(cryptoAmount: string | null): string | null {
  return cryptoAmount === null ? null : new Decimal(cryptoAmount).mul(new Decimal(1).minus(PRICE_TOLERANCE)).toFixed();
}

/**
 * Looks a submitted deposit's transaction id up on its coin's chain at submission (issue 35):
 * the evidence is stored with the deposit, and the watcher looks again until it is final. A coin
 * no chain carries is UNCHECKED (the manual flow); a chain that does not answer in time leaves the
 * evidence to the watcher.
 */
export class TxidCheck {
  constructor(
    private readonly chains: ChainConfig,
    private readonly readers: ReadonlyMap<string, ChainReader>,
    private readonly addresses: DepositAddresses,
    private readonly livePrice: (coin: string) => Promise<string | null>,
    private readonly clock: Clock,
  ) {}

  /** The check as the transaction module calls it (its DepositCheck port). */
  readonly check: DepositCheck = async (d: SubmittedDeposit): Promise<SubmittedDepositCheck> => {
    const asset = assetOfCoin(this.chains, d.crypto);
    const reader = asset && this.readers.get(asset.chain.name);
    if (!asset || !reader)
      return {
        cryptoAmount: null,
        evidence: {
          result: ChainCheckResult.UNCHECKED,
          confirmations: null,
          coinAmount: null,
          address: null,
          blockNumber: null,
          blockHash: null,
          checkedAt: this.clock.now(),
        },
      };
    const price = await this.livePrice(d.crypto);
    const cryptoAmount = price ? new Decimal(d.amount).div(price).toDecimalPlaces(asset.decimals).toFixed() : null;
    try {
      const evidence = await withTimeout(async () => {
        const [facts, tip, address] = await Promise.all([
          reader.lookup(d.txid),
          reader.tip(),
          this.addresses.find(d.userId, asset.chain.name),
        ]);
        const claim = { coin: d.crypto, address, minimum: submittedMinimum(cryptoAmount) };
        return judge(facts, claim, tip, asset.chain.confirmations, this.clock.now());
      });
      return { cryptoAmount, evidence };
    } catch {
      return { cryptoAmount, evidence: null };
    }
  };
}

/** `work()`, or a rejection after CHECK_TIMEOUT_MS. */
async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chain check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
