import { depositSchema, planRangeMessage } from '@cryptovest/common';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Clock } from '../../kernel/clock';
import { AppError } from '../../kernel/errors';
import { validate } from '../../kernel/validation';
import { Plan } from '../plan';
import { assetOfCoin } from './chain-assets';
import type { ChainConfig } from '../../kernel/chain-settings';

/** The fields of a deposit intent, checked with the deposit form's own rules. */
const intentSchema = depositSchema.pick(['planId', 'crypto', 'amount']);

/** Coin amounts are quoted with at most this many decimals (what wallets let one type), rounded up. */
const QUOTE_DECIMALS = 8;

/** What the investor is told to send for a deposit, valid until `expiresAt`. */
export interface DepositQuoteFacts {
  planId: string;
  plan: string;
  amount: string;
  /** The coin amount to send (USD / price, rounded up); null when no fresh price is known. */
  coinAmount: string | null;
  price: string | null;
  expiresAt: Date;
}

/**
 * Deposit intents (issue 35): the plan and USD amount an investor chose when asking where to pay,
 * with the coin amount quoted at the live price for DEPOSIT_QUOTE_MINUTES. A payment found on
 * their address while an intent is valid goes into that intent's plan.
 */
export class DepositIntents {
  constructor(
    private readonly ds: DataSource,
    private readonly chains: ChainConfig,
    private readonly livePrice: (coin: string) => Promise<string | null>,
    private readonly clock: Clock,
  ) {}

  /** Records the investor's intent after the deposit form's checks (plan active, amount in its range). */
  async create(userId: string, input: unknown): Promise<DepositQuoteFacts> {
    const data = await validate(intentSchema, input);
    const plan = await this.ds.getRepository(Plan).findOneBy({ id: data.planId, active: true });
    if (!plan) throw AppError.field('planId', 'select a plan');
    const amount = new Decimal(data.amount);
    if (amount.lt(plan.minAmount) || (plan.maxAmount !== null && amount.gt(plan.maxAmount)))
      throw AppError.field('amount', planRangeMessage(plan));
    const price = await this.livePrice(data.crypto);
    const decimals = Math.min(assetOfCoin(this.chains, data.crypto)?.decimals ?? QUOTE_DECIMALS, QUOTE_DECIMALS);
    const coinAmount = price ? amount.div(price).toDecimalPlaces(decimals, Decimal.ROUND_UP).toFixed() : null;
    const expiresAt = new Date(this.clock.now().getTime() + this.chains.quoteMinutes * 60_000);
    await this.ds.query(
      `INSERT INTO deposit_intent (user_id, crypto, plan_id, amount, coin_amount, price, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [userId, data.crypto, plan.id, amount.toFixed(2), coinAmount, price, expiresAt],
    );
    return { planId: plan.id, plan: plan.name, amount: amount.toFixed(2), coinAmount, price, expiresAt };
  }

  /** The plan of the investor's newest intent for `coin` still valid at `at`, or null. */
  async planAt(userId: string, coin: string, at: Date): Promise<string | null> {
    const [row] = await sqlRows<{ planId: string }>(
      this.ds,
      `SELECT plan_id AS "planId" FROM deposit_intent
        WHERE user_id = $1 AND crypto = $2 AND expires_at > $3 AND created_at <= $3
        ORDER BY created_at DESC LIMIT 1`,
      [userId, coin, at],
    );
    return row?.planId ?? null;
  }
}
