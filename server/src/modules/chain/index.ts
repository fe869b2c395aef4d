/** Public face of modules/chain: deposits the blockchain proves (issue 35): investors' own addresses, chain watchers, txid checks. Other folders import only this file. */
export * from './chain-assets';
export * from './chain-reader';
export * from './chain-watcher';
export * from './chain.module';
export * from './deposit-address.entity';
export * from './deposit-address.service';
export * from './deposit-address.view';
export * from './deposit-intents';
export * from './hd-address';
