import { z } from 'zod';
import { operation } from './operation';
import { DecimalText, maybe } from './shapes';

/** A social profile link, or null when the network is not configured. */
const SocialLink = maybe(z.string().meta({ description: 'An https:// URL' }));

/** GET /api/site: the operator's public content (issue 4). */
export const getSite = operation({
  id: 'getSite',
  method: 'get',
  path: '/site',
  tag: 'Site',
  summary: "The operator's public content and the policy the forms check",
  description:
    'From `SITE_FILE`, with `SIGNUP_BONUS`, `WITHDRAWAL_ADDRESS_COOLDOWN_HOURS` and `MIN_WITHDRAWAL`. Cacheable ' +
    '5 minutes (`Cache-Control: public, max-age=300`).',
  auth: 'public',
  ok: {
    status: 200,
    data: z
      .strictObject({
        brandName: z.string(),
        companyName: z.string(),
        companyId: z.string(),
        supportEmail: z.string(),
        supportPhone: z.string(),
        address: z.string(),
        figures: z
          .strictObject({
            people: z.string(),
            investors: z.string(),
            currencies: z.string(),
            encryption: z.string(),
            activeInvestors: z.int(),
            profitRaisedMillions: z.int(),
          })
          .meta({ description: 'Marketing figures (advertising only)' }),
        social: z.strictObject({
          facebook: SocialLink,
          telegram: SocialLink,
          whatsapp: SocialLink,
          instagram: SocialLink,
        }),
        signupBonus: DecimalText.meta({ description: 'US dollars credited on signup ("0" when disabled)' }),
        withdrawalAddressCooldownHours: z.int(),
        minWithdrawal: DecimalText.meta({ description: 'Smallest withdrawal, US dollars' }),
        marketChartUrl: maybe(z.string()).meta({
          description: 'The market chart shown on the Stocks page; null hides it',
        }),
      })
      .meta({ id: 'Site' }),
  },
  // As on every /api path: a malformed JSON body is 400 (the JSON parser runs before any route).
});
