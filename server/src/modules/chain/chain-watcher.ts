import Decimal from 'decimal.js';
import type { ChainSettings } from '../../kernel/chain-settings';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import type { Plan } from '../plan';
import { ChainCheckResult, TrxOrigin, type ChainDeposits, type OpenChainDeposit } from '../transaction';
import type { ChainAsset } from './chain-assets';
import type { ChainCursors } from './chain-cursor';
import type { BlockRef, ChainReader, SeenOutput } from './chain-reader';
import type { DepositAddresses } from './deposit-addresses';
import { planForAmount, usdValue } from './deposit-valuation';
import { judge } from './judge';
import { addressKey } from './hd-address';
import { submittedMinimum } from './txid-check';

/** Blocks read in one run at most, so a watcher far behind catches up over several bounded runs. */
export const MAX_BLOCKS_PER_RUN = 500;
/** How far back the very first run starts, so payments to addresses handed out before it are not missed. */
export const FIRST_RUN_LOOKBACK = 100;
/** How far back a run re-reads when the block it stopped at left the main chain. */
export const REORG_REWIND = 64;
/** A credited deposit is watched until it has this many times its chain's confirmation count. */
export const REORG_WINDOW_FACTOR = 2;

/** What the watcher needs besides the chain: prices, plans, and the status service that credits. */
export interface WatcherDeps {
  chain: ChainSettings;
  assets: ChainAsset[];
  reader: ChainReader;
  addresses: DepositAddresses;
  deposits: ChainDeposits;
  cursors: ChainCursors;
  livePrice: (coin: string) => Promise<string | null>;
  plans: () => Promise<readonly Plan[]>;
  /** The plan of the investor's deposit intent for the coin valid at a time, or null. */
  intentPlan: (userId: string, coin: string, at: Date) => Promise<string | null>;
  /** Confirms deposit `id` as the chain (the status service, actor null); true when this call moved it. */
  confirm: (id: string) => Promise<boolean>;
  mode: 'auto' | 'review';
  clock: Clock;
  logger: Logger;
}

/** What one run did, for logs and tests. */
export interface WatchRun {
  tip: number;
  scanned: { from: number; to: number } | null;
  recorded: number;
  confirmed: number;
}

/**
 * One chain's watcher (issue 35), run as a periodic job (once across instances): reads the blocks
 * after its cursor for payments to investors' addresses, records each as a PENDING deposit valued
 * at the live price, then looks again at every pending deposit of the chain's coins that is not
 * final (found, submitted by hand) and, in `auto` mode, credits a detected one at its confirmation
 * count through the status service. Every step is idempotent: a run repeated, retried or racing
 * another records and credits nothing twice (unique transaction ids, status compare-and-set).
 */
export class ChainWatcher {
  constructor(private readonly d: WatcherDeps) {}

  async run(): Promise<WatchRun> {
    const tip = await this.d.reader.tip();
    const scanned = await this.scan(tip);
    const recorded = scanned ? await this.recordAll(scanned.outputs, tip) : 0;
    const confirmed = await this.recheck(tip);
    await this.watchCredited(tip);
    await this.watchPayouts(tip);
    return { tip: tip.height, scanned: scanned && { from: scanned.from, to: scanned.to }, recorded, confirmed };
  }

  /** Reads the blocks after the cursor (at most MAX_BLOCKS_PER_RUN) and moves the cursor. */
  private async scan(tip: BlockRef): Promise<{ from: number; to: number; outputs: SeenOutput[] } | null> {
    const { chain, reader, cursors, addresses } = this.d;
    let cursor = await cursors.get(chain.name);
    if (!cursor) cursor = { height: Math.max(tip.height - FIRST_RUN_LOOKBACK, -1), hash: '' };
    else if (cursor.height > tip.height || (await reader.hashAt(cursor.height)) !== cursor.hash) {
      this.d.logger.warn({ chain: chain.name, at: cursor.height }, 'chain reorganised under the watcher; reading back');
      cursor = { height: Math.max(Math.min(cursor.height, tip.height) - REORG_REWIND, -1), hash: '' };
    }
    const from = cursor.height + 1;
    const to = Math.min(tip.height, cursor.height + MAX_BLOCKS_PER_RUN);
    if (to < from) return null;
    const outputs = await reader.payments(
      from,
      to,
      async (list) => new Set((await addresses.owners(chain.name, list)).keys()),
    );
    const last = to === tip.height ? tip.hash : await reader.hashAt(to);
    if (last) await cursors.set(chain.name, { height: to, hash: last });
    return { from, to, outputs };
  }

  /** Records the payments found, several outputs of one transaction to one investor as one deposit. */
  private async recordAll(outputs: SeenOutput[], tip: BlockRef): Promise<number> {
    const owners = await this.d.addresses.owners(
      this.d.chain.name,
      outputs.map((o) => o.address),
    );
    const groups = new Map<string, { userId: string; first: SeenOutput; amount: Decimal }>();
    for (const o of outputs) {
      const userId = owners.get(o.address);
      if (!userId) continue;
      const key = `${o.coin}:${o.txid}:${userId}`;
      const group = groups.get(key);
      if (group) group.amount = group.amount.plus(o.amount);
      else groups.set(key, { userId, first: o, amount: new Decimal(o.amount) });
    }
    let recorded = 0;
    for (const { userId, first, amount } of groups.values()) {
      const id = await this.recordOne(userId, first, amount.toFixed(), tip);
      if (id) recorded++;
      else
        this.d.logger.warn(
          { chain: this.d.chain.name, txid: first.txid },
          'payment already claimed by another investor',
        );
    }
    return recorded;
  }

  private async recordOne(userId: string, o: SeenOutput, coinAmount: string, tip: BlockRef): Promise<string | null> {
    const price = await this.d.livePrice(o.coin);
    const usdAmount = price ? usdValue(coinAmount, price) : '0.00';
    const plans = await this.d.plans();
    const intended = await this.d.intentPlan(userId, o.coin, this.d.clock.now());
    const chosen = intended ? (plans.find((p) => p.id === intended) ?? null) : null;
    const plan = chosen ?? (price ? planForAmount(usdAmount, plans) : null);
    // Read by the investor (timeline) and the admin (queue) alike: what happened, and who acts next.
    const hold = !price
      ? `No market price for ${o.coin} was available when the payment arrived: our team will value it`
      : !plan
        ? `Its value ($${usdAmount}) fits no plan: our team will review it`
        : new Decimal(usdAmount).lt(plan.minAmount)
          ? `Its value ($${usdAmount}) is below the ${plan.name} plan's minimum: our team will review it`
          : null;
    const confirmations = Math.max(tip.height - o.block.height + 1, 0);
    const required = this.d.chain.confirmations;
    return this.d.deposits.record({
      required,
      userId,
      coin: o.coin,
      txid: o.txid,
      coinAmount,
      usdAmount,
      plan,
      hold,
      evidence: {
        result: confirmations >= required ? ChainCheckResult.VERIFIED : ChainCheckResult.UNCONFIRMED,
        confirmations,
        coinAmount,
        address: o.address,
        blockNumber: o.block.height,
        blockHash: o.block.hash,
        checkedAt: this.d.clock.now(),
      },
    });
  }

  /** Looks again at every open deposit of the chain's coins; credits the detected ones that are now final. */
  private async recheck(tip: BlockRef): Promise<number> {
    const coins = this.d.assets.map((a) => a.coin);
    let confirmed = 0;
    for (const deposit of await this.d.deposits.open(coins, this.d.chain.name)) {
      const evidence = await this.evidenceFor(deposit, tip);
      await this.d.deposits.updateEvidence(deposit.id, evidence, this.d.chain.confirmations);
      if (this.credits(deposit, evidence.result) && (await this.d.confirm(deposit.id))) confirmed++;
    }
    return confirmed;
  }

  /**
   * Looks again at credited deposits inside the reorganisation window: one whose transaction is
   * gone, or no longer pays the address in full, is flagged for the operators, never reversed.
   */
  private async watchCredited(tip: BlockRef): Promise<void> {
    const { chain, deposits } = this.d;
    const coins = this.d.assets.map((a) => a.coin);
    for (const deposit of await deposits.credited(coins, chain.name, chain.confirmations * REORG_WINDOW_FACTOR)) {
      const evidence = await this.evidenceFor(deposit, tip);
      if (evidence.result === ChainCheckResult.VERIFIED || evidence.result === ChainCheckResult.UNCONFIRMED)
        await deposits.updateEvidence(deposit.id, evidence, chain.confirmations);
      else
        await deposits.flag(
          deposit.id,
          `After it was credited, its transaction ${evidence.result === ChainCheckResult.NOT_FOUND ? 'left the chain' : 'no longer paid the address in full'}: our team is checking it`,
          evidence,
        );
    }
  }

  /**
   * Checks confirmed withdrawals' payouts: each should pay the investor's address the USD amount
   * less the admin's fee, at today's price within PRICE_TOLERANCE. The evidence is shown to admins.
   */
  private async watchPayouts(tip: BlockRef): Promise<void> {
    const { chain, deposits } = this.d;
    for (const payout of await deposits.payouts(this.d.assets.map((a) => a.coin))) {
      const price = await this.d.livePrice(payout.crypto);
      const due = new Decimal(payout.amount).minus(payout.payoutFee ?? 0);
      const minimum = price ? submittedMinimum(due.div(price).toFixed()) : null;
      const facts = await this.d.reader.lookup(payout.txid);
      const claim = { coin: payout.crypto, address: addressKey(payout.wallet), minimum };
      const evidence = judge(facts, claim, tip, chain.confirmations, this.d.clock.now());
      await deposits.updateEvidence(payout.id, evidence, chain.confirmations);
    }
  }

  private async evidenceFor(deposit: OpenChainDeposit, tip: BlockRef) {
    const facts = await this.d.reader.lookup(deposit.txid);
    return judge(
      facts,
      {
        coin: deposit.crypto,
        address: deposit.ownAddress,
        // A payment found on chain is what it paid; a submitted one must pay its claim, within PRICE_TOLERANCE.
        minimum: deposit.origin === TrxOrigin.CHAIN ? null : submittedMinimum(deposit.cryptoAmount),
      },
      tip,
      this.d.chain.confirmations,
      this.d.clock.now(),
    );
  }

  /** A deposit the chain found, verified, with nothing holding it, in `auto` mode: credited without an admin. */
  private credits(deposit: OpenChainDeposit, result: ChainCheckResult): boolean {
    return (
      this.d.mode === 'auto' &&
      result === ChainCheckResult.VERIFIED &&
      deposit.origin === TrxOrigin.CHAIN &&
      deposit.chainHold === null
    );
  }
}
