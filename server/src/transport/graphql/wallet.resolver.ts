import { Arg, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { Public } from './auth';
import { type WalletService, DepositWallet, walletQrCode } from '../../modules/wallet';

/** The services this adapter calls; the composition root passes them. */
export interface WalletResolverDeps {
  wallets: WalletService;
}

/** GraphQL adapter for deposit addresses. */
@Resolver(() => DepositWallet)
export class WalletResolver {
  constructor(private readonly services: WalletResolverDeps) {}

  @Public()
  @Query(() => [DepositWallet], { description: 'Deposit addresses for an exchange (unknown exchange: empty list)' })
  wallets(
    @Arg('exchange', () => String, { defaultValue: DEFAULT_EXCHANGE }) exchange: string,
  ): Promise<DepositWallet[]> {
    return this.services.wallets.list(exchange);
  }

  @FieldResolver(() => String, {
    description: 'QR image to scan: the configured imageUrl, else an SVG data URL of the address',
  })
  qrCode(@Root() wallet: DepositWallet): Promise<string> {
    return walletQrCode(wallet);
  }
}
