import type { DataSource } from 'typeorm';
import type { Logger } from '../../logger';
import type { BackgroundWork } from '../jobs/background-work';
import { User } from '../user/user.entity';
import type { Mailer } from './mailer';
import type { MailContent } from './templates';

/** How mails address a user: by name only once the address is proven theirs (see templates). */
export const greetingName = (user: Pick<User, 'fullName' | 'emailVerifiedAt'>) =>
  user.emailVerifiedAt ? user.fullName : null;

/** Builds a notice from the brand and the salutation name (null for unproven addresses). */
export type Compose = (brand: string, name: string | null) => MailContent;

/**
 * Security notices to account owners (address changed, withdrawal requested…), mailed after the
 * request has answered so a slow mail server never slows or fails the change it reports.
 */
export class Notifier {
  constructor(
    private readonly ds: DataSource,
    private readonly mailer: Mailer,
    private readonly background: BackgroundWork,
    private readonly brand: string,
    private readonly logger: Logger,
  ) {}

  /** Mails `compose`'s notice to the user once the current request is answered. */
  tell(userId: string, compose: Compose): void {
    this.background.run('notice', async () => {
      const user = await this.ds.getRepository(User).findOneBy({ id: userId });
      if (!user) return this.logger.warn({ userId }, 'notice for a user that no longer exists');
      await this.mailer.send(user.email, compose(this.brand, greetingName(user)));
    });
  }
}
