import type { Locale } from '@cryptovest/common';
import type { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import type { AuditService } from '../../platform/audit';
import { chainAlertMail, type MailOutbox } from '../../platform/mail';
import { TransactionEventKind, type TransactionEvents } from '../../platform/timeline';
import type { Plan } from '../plan';
import { UserType } from '../user';
import { canonicalBlockchainId } from './blockchain-id';
import type { ChainCheckResult } from './chain-check';
import { Transaction, TrxOrigin, TrxStatus, TrxType } from './transaction.entity';

/** What the chain says about one transaction id, as of `checkedAt`. */
export interface ChainEvidence {
  result: ChainCheckResult;
  confirmations: number | null;
  /** What it pays the investor's address, in the coin (decimal string); null when it pays none. */
  coinAmount: string | null;
  address: string | null;
  blockNumber: number | null;
  blockHash: string | null;
  checkedAt: Date;
}

/** A deposit an investor submitted with a transaction id, as the chain check sees it. */
export interface SubmittedDeposit {
  userId: string;
  crypto: string;
  txid: string;
  /** USD, 2 decimals. */
  amount: string;
}

/** What the check at submission found: the coin amount the USD amount stands for, and the evidence (null: not known yet). */
export interface SubmittedDepositCheck {
  cryptoAmount: string | null;
  evidence: ChainEvidence | null;
}

/** The chain module's check of a submitted deposit, handed to the transaction service by the composition root. */
export type DepositCheck = (deposit: SubmittedDeposit) => Promise<SubmittedDepositCheck>;

/** A payment the watcher found to an investor's own address. */
export interface ChainPayment {
  userId: string;
  coin: string;
  txid: string;
  coinAmount: string;
  /** Its value in USD at the price of the moment (2 decimals); "0.00" when no price was known. */
  usdAmount: string;
  /** The plan it goes into; null when none fits (it then waits for an admin). */
  plan: Plan | null;
  /** Why it waits for an admin instead of being credited at its confirmation count; null: it need not. */
  hold: string | null;
  evidence: ChainEvidence;
  /** Confirmations its chain needs before crediting (shown from the first timeline step on). */
  required: number;
}

/** A deposit the watcher looks at again (pending and not final, or credited and inside the reorganisation window). */
export interface OpenChainDeposit {
  id: string;
  userId: string;
  crypto: string;
  txid: string;
  origin: TrxOrigin;
  cryptoAmount: string | null;
  chainHold: string | null;
  /** The investor's own deposit address on the watcher's chain (compare form); null when they have none. */
  ownAddress: string | null;
}

/** A confirmed withdrawal's payout still to be checked on chain. */
export interface OpenPayout {
  id: string;
  crypto: string;
  txid: string;
  /** The investor's address it should pay. */
  wallet: string;
  /** USD requested, and the fee the admin stated (null: none). */
  amount: string;
  payoutFee: string | null;
}

/** What the watcher reads of a deposit, with the investor's own address on its chain (one query, not one per deposit). */
const WATCHED_DEPOSIT = `SELECT t.id, t.user_id AS "userId", t.crypto, t.transaction_id AS txid, t.origin,
              t.crypto_amount::text AS "cryptoAmount", t.chain_hold AS "chainHold", da.address AS "ownAddress"
         FROM "transaction" t
         LEFT JOIN deposit_address da ON da.user_id = t.user_id AND da.chain = $2`;

/** Postgres unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The one writer of what the chain says onto deposits (issue 35): a payment the watcher found
 * becomes a PENDING deposit of the investor (exactly once per coin and transaction id, whoever
 * finds it first, the canonical-id index deciding), and each later look at the chain updates the
 * evidence and adds the timeline steps (seen, confirmations rising). Crediting is not done here:
 * the status service confirms, as for an admin.
 */
export class ChainDeposits {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly events: TransactionEvents,
    private readonly outbox: Pick<MailOutbox, 'queueMany'>,
    private readonly brand: string,
  ) {}

  /**
   * Records `payment`: a new PENDING deposit made by the chain, or, when its transaction id is
   * already a deposit of the same investor (a manual submission, or an earlier run), that deposit's
   * evidence. Returns the deposit's id, or null when the id belongs to another investor's deposit
   * (it is then left to an admin).
   */
  async record(payment: ChainPayment): Promise<string | null> {
    const key = canonicalBlockchainId(payment.txid).key;
    const existing = await this.byTxid(this.ds.manager, payment.coin, key);
    if (existing) return existing.userId === payment.userId ? this.updateEvidence(existing.id, payment.evidence) : null;
    try {
      return await inTransaction(this.ds, (m) => this.insert(m, payment));
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      const raced = await this.byTxid(this.ds.manager, payment.coin, key);
      return raced && raced.userId === payment.userId ? this.updateEvidence(raced.id, payment.evidence) : null;
    }
  }

  /** Stores a new look at the chain on deposit `id` (still PENDING), with a timeline step when it moved. */
  async updateEvidence(id: string, evidence: ChainEvidence, required?: number): Promise<string> {
    await inTransaction(this.ds, async (m) => {
      const [before] = await sqlRows<{
        userId: string;
        confirmations: number | null;
        blockHash: string | null;
        txid: string;
      }>(
        m,
        `SELECT user_id AS "userId", chain_confirmations AS confirmations, chain_block_hash AS "blockHash",
                transaction_id AS txid
           FROM "transaction" WHERE id = $1 FOR UPDATE`,
        [id],
      );
      await this.writeEvidence(m, id, evidence);
      const step = { transactionId: id, userId: before.userId };
      // Its block left the main chain: the payment is gone or waits to be mined again.
      if (before.blockHash !== null && evidence.blockHash !== before.blockHash)
        await this.events.record(m, [
          { ...step, kind: TransactionEventKind.CHAIN_REORGANISED, data: { txid: before.txid } },
        ]);
      else if (
        before.confirmations !== null &&
        (evidence.confirmations ?? 0) > before.confirmations &&
        (required === undefined || before.confirmations < required)
      )
        await this.events.record(m, [
          {
            ...step,
            kind: TransactionEventKind.CHAIN_CONFIRMATIONS,
            data: { confirmations: evidence.confirmations, ...(required ? { required } : {}) },
          },
        ]);
    });
    return id;
  }

  /**
   * Pending deposits in `coins` whose evidence is not final (never checked, unconfirmed, not found
   * yet), the longest unchecked first: at most 500 a run, so a pile of made-up ids can't keep the
   * newest deposits from being looked at.
   */
  open(coins: string[], chain: string): Promise<OpenChainDeposit[]> {
    return sqlRows<OpenChainDeposit>(
      this.ds,
      `${WATCHED_DEPOSIT}
        WHERE t.trx_type = 'DEPOSIT' AND t.status = 'PENDING' AND t.crypto = ANY($1::varchar[])
          AND t.chain_result IS DISTINCT FROM 'UNCHECKED' AND t.transaction_id IS NOT NULL
        ORDER BY t.chain_checked_at NULLS FIRST, t.created_at LIMIT 500`,
      [coins, chain],
    );
  }

  /** Confirmed withdrawals in `coins` whose payout is not final on chain (never checked, not found yet, unconfirmed). */
  payouts(coins: string[]): Promise<OpenPayout[]> {
    return sqlRows<OpenPayout>(
      this.ds,
      `SELECT id, crypto, transaction_id AS txid, wallet, amount::text AS amount, payout_fee::text AS "payoutFee"
         FROM "transaction"
        WHERE trx_type = 'WITHDRAWAL' AND status = 'CONFIRMED' AND crypto = ANY($1::varchar[])
          AND transaction_id IS NOT NULL AND wallet IS NOT NULL
          AND (chain_result IS NULL OR chain_result IN ('NOT_FOUND', 'UNCONFIRMED'))
        ORDER BY chain_checked_at NULLS FIRST, confirmed_at LIMIT 500`,
      [coins],
    );
  }

  /**
   * Credited deposits of `coins` the chain found or verified, still inside the reorganisation
   * window (fewer than `window` confirmations at the last look) and not flagged: watched after
   * crediting, so a payment that leaves the chain is never reversed, nor forgotten, silently.
   */
  credited(coins: string[], chain: string, window: number): Promise<OpenChainDeposit[]> {
    return sqlRows<OpenChainDeposit>(
      this.ds,
      `${WATCHED_DEPOSIT}
        WHERE t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.crypto = ANY($1::varchar[])
          AND t.chain_result IN ('VERIFIED', 'UNCONFIRMED') AND t.chain_hold IS NULL AND t.chain_confirmations < $3
        ORDER BY t.confirmed_at LIMIT 500`,
      [coins, chain, window],
    );
  }

  /**
   * Flags credited deposit `id` whose transaction left the chain: it stays CONFIRMED (never
   * reversed by itself), carries `reason` as its hold, gets a timeline step and an audit entry, and
   * every administrator is mailed. Flags once: a flagged deposit is no longer watched.
   */
  async flag(id: string, reason: string, evidence: ChainEvidence): Promise<void> {
    await inTransaction(this.ds, async (m) => {
      const [row] = await sqlRows<{ userId: string; txid: string; crypto: string; amount: string; investor: string }>(
        m,
        `UPDATE "transaction" t SET chain_hold = $2, updated_at = now()
           FROM app_user u WHERE t.id = $1 AND u.id = t.user_id AND t.chain_hold IS NULL
         RETURNING t.user_id AS "userId", t.transaction_id AS txid, t.crypto, t.amount::text AS amount,
                   u.email AS investor`,
        [id, reason],
      );
      if (!row) return;
      await this.writeEvidence(m, id, evidence);
      await this.events.record(m, [
        {
          transactionId: id,
          userId: row.userId,
          kind: TransactionEventKind.CHAIN_REORGANISED,
          reason,
          data: { txid: row.txid },
        },
      ]);
      await this.audit.record(
        {
          action: 'transaction.chain_flag',
          actorId: null,
          subjectType: 'transaction',
          subjectId: id,
          ip: null,
          metadata: { by: 'chain', txid: row.txid, reason },
        },
        m,
      );
      const admins = await sqlRows<{ email: string; locale: Locale }>(
        m,
        `SELECT email, locale FROM app_user WHERE type = $1`,
        [UserType.ADMIN],
      );
      const alert = { coin: row.crypto, txid: row.txid, amount: row.amount, investor: row.investor };
      // Each administrator reads it in their own language.
      await this.outbox.queueMany(
        m,
        admins.map((a) => ({
          kind: 'chain_alert' as const,
          to: a.email,
          content: chainAlertMail({ brand: this.brand, locale: a.locale }, alert),
        })),
      );
    });
  }

  /** Credited deposits flagged after their transaction left the chain: the operators' alert (metrics). */
  async flagged(): Promise<{ count: number; oldestSeconds: number | null }> {
    const [row] = await sqlRows<{ count: number; oldest: number | null }>(
      this.ds,
      `SELECT count(*)::int AS count, extract(epoch FROM now() - min(updated_at))::int AS oldest
         FROM "transaction" WHERE trx_type = 'DEPOSIT' AND status = 'CONFIRMED' AND chain_hold IS NOT NULL`,
    );
    return { count: row.count, oldestSeconds: row.oldest };
  }

  private async insert(m: EntityManager, p: ChainPayment): Promise<string> {
    const repo = m.getRepository(Transaction);
    const saved = await repo.save(
      repo.create({
        userId: p.userId,
        trxType: TrxType.DEPOSIT,
        status: TrxStatus.PENDING,
        origin: TrxOrigin.CHAIN,
        amount: p.usdAmount,
        crypto: p.coin,
        cryptoAmount: p.coinAmount,
        planId: p.plan?.id ?? null,
        plan: p.plan?.name ?? null,
        profitPercent: p.plan?.profitPercent ?? null,
        durationHours: p.plan?.durationHours ?? null,
        returnsPrincipal: p.plan?.returnsPrincipal ?? null,
        transactionId: p.txid,
        chainHold: p.hold,
      }),
    );
    await this.writeEvidence(m, saved.id, p.evidence);
    await this.audit.record(
      {
        action: 'transaction.deposit',
        actorId: null,
        subjectType: 'transaction',
        subjectId: saved.id,
        ip: null,
        metadata: { by: 'chain', txid: p.txid, coinAmount: p.coinAmount },
      },
      m,
    );
    await this.events.record(m, [
      {
        transactionId: saved.id,
        userId: p.userId,
        kind: TransactionEventKind.SEEN_ON_CHAIN,
        reason: p.hold,
        data: {
          txid: p.txid,
          coinAmount: p.coinAmount,
          confirmations: p.evidence.confirmations,
          required: p.required,
        },
      },
    ]);
    return saved.id;
  }

  private async writeEvidence(m: EntityManager, id: string, e: ChainEvidence): Promise<void> {
    await m.query(
      `UPDATE "transaction" SET chain_result = $2, chain_confirmations = $3, chain_coin_amount = $4,
              chain_address = $5, chain_block_number = $6, chain_block_hash = $7, chain_checked_at = $8,
              updated_at = now()
        WHERE id = $1`,
      [id, e.result, e.confirmations, e.coinAmount, e.address, e.blockNumber, e.blockHash, e.checkedAt],
    );
  }

  private async byTxid(
    db: EntityManager,
    coin: string,
    key: string,
  ): Promise<{ id: string; userId: string } | undefined> {
    const [row] = await sqlRows<{ id: string; userId: string }>(
      db,
      `SELECT id, user_id AS "userId" FROM "transaction"
        WHERE trx_type = 'DEPOSIT' AND crypto = $1 AND transaction_id_key = $2`,
      [coin, key],
    );
    return row;
  }
}
