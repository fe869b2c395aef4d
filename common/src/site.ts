import { DEFAULT_MIN_WITHDRAWAL } from './constants';

/**
 * The operator's public content (issue 4): brand, licence line, contact details, marketing
 * figures, social links and the signup bonus. The server loads it once (SITE_FILE over these
 * defaults, SIGNUP_BONUS from env), validates it with `siteConfigSchema` (validation/site.ts), and hands it to the
 * client inside the served HTML, so public pages render it without a round trip.
 */
export interface SiteConfig {
  /** Product name shown in the nav, titles and footer. */
  brandName: string;
  /** Licence line of the footer: "{companyName} · Company ID {companyId}". */
  companyName: string;
  companyId: string;
  /** Contact page details (SPEC §1: support e-mail, phone and a postal address). */
  supportEmail: string;
  supportPhone: string;
  address: string;
  /** Marketing figures (SPEC §1: "advertising only"); counters animate up to the two numbers. */
  figures: {
    people: string;
    investors: string;
    currencies: string;
    encryption: string;
    activeInvestors: number;
    profitRaisedMillions: number;
  };
  /** Social profile URLs; an icon is shown only for a configured network. */
  social: { facebook: string | null; telegram: string | null; whatsapp: string | null; instagram: string | null };
  /** Bonus credited on signup, a decimal string ("100", "0" when disabled); stated in the FAQ. */
  signupBonus: string;
  /** Hours a changed withdrawal address waits before it can receive money (server policy, shown in the dashboard). */
  withdrawalAddressCooldownHours: number;
  /** Smallest withdrawal in dollars, a decimal string (MIN_WITHDRAWAL; the withdraw form checks it as the server does). */
  minWithdrawal: string;
  /**
   * The third-party market chart shown on the Stocks page, in a sandboxed iframe (https; its
   * origin is allowed by the CSP). null hides the chart.
   */
  marketChartUrl: string | null;
}

/** Networks the footer knows icons for, in display order. */
export const SOCIAL_NETWORKS = ['facebook', 'telegram', 'whatsapp', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * Neutral defaults: example contact data (reserved domains and numbers), the spec's marketing
 * figures, no social links. An operator overrides any subset in SITE_FILE.
 */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  brandName: 'CryptoVest',
  companyName: 'CryptoVest Ltd (example operator)',
  companyId: 'EXAMPLE-000000',
  supportEmail: 'support@example.com',
  supportPhone: '+1 555 010 0000',
  address: '1 Example Street, Example City',
  figures: {
    people: '25M+',
    investors: '300,000+',
    currencies: '60',
    encryption: '256-bit SSL',
    activeInvestors: 500,
    profitRaisedMillions: 25,
  },
  social: { facebook: null, telegram: null, whatsapp: null, instagram: null },
  signupBonus: '100',
  withdrawalAddressCooldownHours: 24,
  minWithdrawal: DEFAULT_MIN_WITHDRAWAL,
  marketChartUrl:
    'https://s.tradingview.com/widgetembed/?symbol=BINANCE%3ABTCUSDT&interval=60&hidesidetoolbar=1&saveimage=0&theme=light&style=1&timezone=Etc%2FUTC&locale=en',
};
