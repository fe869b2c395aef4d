import type { DataSource } from 'typeorm';
import type { ChainConfig, ChainSettings } from '../../kernel/chain-settings';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import type { ModuleWork } from '../../platform/jobs';
import type { BacklogSource } from '../../platform/metrics';
import type { Plan } from '../plan';
import type { ChainDeposits, DepositCheck } from '../transaction';
import type { WalletService } from '../wallet';
import { chainAssets } from './chain-assets';
import { ChainCursors } from './chain-cursor';
import type { ChainReader } from './chain-reader';
import { ChainWatcher } from './chain-watcher';
import { DepositAddressService } from './deposit-address.service';
import { DepositAddresses } from './deposit-addresses';
import { DepositIntents } from './deposit-intents';
import { EsploraReader } from './esplora-reader';
import { EvmReader } from './evm-reader';
import { depositAddressAt } from './hd-address';
import { TxidCheck } from './txid-check';

/** Seconds between a chain watcher's runs: pg-boss's cron runs each at most once a minute. */
const WATCH_EVERY_SECONDS = 60;

/** What the chain module needs from the rest of the server. */
export interface ChainModuleDeps {
  ds: DataSource;
  chains: ChainConfig;
  wallets: WalletService;
  deposits: ChainDeposits;
  livePrice: (coin: string) => Promise<string | null>;
  plans: () => Promise<readonly Plan[]>;
  /** Confirms a deposit as the chain: the status service with no admin; true when this call moved it. */
  confirm: (id: string) => Promise<boolean>;
  clock: Clock;
  logger: Logger;
}

/** The chain module: the deposit-address service, one watcher per configured chain, and their periodic runs. */
export interface ChainModule extends ModuleWork {
  depositAddresses: DepositAddressService;
  watchers: Map<string, ChainWatcher>;
  /** An explorer's page of `txid` on the chain carrying `coin` (CHAIN_<X>_EXPLORER_TX_URL), or null. */
  explorerLink: (coin: string, txid: string) => string | null;
  /** Looks a submitted deposit's transaction id up on its chain (the transaction module's DepositCheck). */
  txidCheck: DepositCheck;
  /**
   * Credited deposits whose transaction left the chain, as a backlog for /metrics
   * (`cryptovest_queue_failed{source="chain_flags"}` above 0: an operator must look).
   */
  flags: BacklogSource;
}

/** The reader of a chain from its settings: Esplora's HTTP API for Bitcoin, JSON-RPC for EVM chains. */
function readerOf(chain: ChainSettings, d: ChainModuleDeps): ChainReader {
  if (chain.kind === 'bitcoin') return new EsploraReader(chain, chainAssets(d.chains));
  return new EvmReader(chain, chainAssets(d.chains));
}

/**
 * Builds the chain module (issue 35). Each configured chain's key is checked by deriving its first
 * address, so a mistyped key stops the start with its variable's name instead of failing later.
 */
export function createChains(d: ChainModuleDeps): ChainModule {
  for (const chain of d.chains.chains) {
    try {
      depositAddressAt(chain, 0);
    } catch (err) {
      throw new Error(`CHAIN_${chain.name.toUpperCase()}_XPUB: ${(err as Error).message}`);
    }
  }
  const addresses = new DepositAddresses(d.ds);
  const cursors = new ChainCursors(d.ds);
  const intents = new DepositIntents(d.ds, d.chains, d.livePrice, d.clock);
  const assets = chainAssets(d.chains);
  const watchers = new Map<string, ChainWatcher>();
  const readers = new Map<string, ChainReader>();
  for (const chain of d.chains.chains) {
    const reader = readerOf(chain, d);
    readers.set(chain.name, reader);
    watchers.set(
      chain.name,
      new ChainWatcher({
        chain,
        assets: assets.filter((a) => a.chain.name === chain.name),
        reader,
        addresses,
        deposits: d.deposits,
        cursors,
        livePrice: d.livePrice,
        plans: d.plans,
        intentPlan: (userId, coin, at) => intents.planAt(userId, coin, at),
        confirm: d.confirm,
        mode: d.chains.depositConfirmation,
        clock: d.clock,
        logger: d.logger,
      }),
    );
  }
  return {
    depositAddresses: new DepositAddressService(d.chains, addresses, d.wallets, intents),
    watchers,
    explorerLink: (coin, txid) => {
      const template = assets.find((a) => a.coin === coin)?.chain.explorerTxUrl;
      return template ? template.replace('{txid}', encodeURIComponent(txid)) : null;
    },
    txidCheck: new TxidCheck(d.chains, readers, addresses, d.livePrice, d.clock).check,
    flags: {
      async stats() {
        const { count, oldestSeconds } = await d.deposits.flagged();
        return { queued: count, failed: count, oldestQueuedSeconds: oldestSeconds };
      },
    },
    periodic: [...watchers].map(([name, watcher]) => ({
      name: `chain.watch.${name}`,
      everySeconds: WATCH_EVERY_SECONDS,
      run: async () => {
        const run = await watcher.run();
        if (run.recorded || run.confirmed) d.logger.info({ chain: name, ...run }, 'chain watcher found payments');
      },
    })),
  };
}
