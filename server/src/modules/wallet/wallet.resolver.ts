import { Arg, Query, Resolver } from 'type-graphql';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { Public } from '../../graphql/auth';
import type { Services } from '../../services';
import { DepositWallet } from './deposit-wallet.entity';

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
}
