import { Arg, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { Public } from '../../graphql/auth';
import type { Services } from '../../services';
import { DepositWallet } from './deposit-wallet.entity';
import { walletQrCode } from './qr-code';

/** GraphQL adapter for deposit addresses. */
@Resolver(() => DepositWallet)
export class WalletResolver {
  constructor(private readonly services: Services) {}

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
