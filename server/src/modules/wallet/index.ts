/** Public face of modules/wallet: The operator's deposit wallets per coin (WALLETS_FILE) with their QR codes. Other folders import only this file. */
export * from './deposit-wallet.entity';
export * from './qr-code';
export * from './wallet.service';
