import { fillEnglish, OTP_LENGTH, type SiteConfig, type Translate } from '@cryptovest/common';
import { priceTag } from '../../../components/formatPlan';

/** One question and its answer. */
export interface Faq {
  question: string;
  answer: string;
}

/** How the FAQs are said: a `public` translate function and a price tag in the same language. */
export interface FaqLanguage {
  t: Translate;
  /** A whole-dollar price tag ("$100" / "100 $"). */
  price: (amount: string) => string;
}

/** The specification's English, without i18next (the default, and what the unit tests read). */
const ENGLISH: FaqLanguage = {
  t: (key, params) => fillEnglish(key, (params ?? {}) as Record<string, string | number>),
  price: priceTag,
};

/** Whether the configured signup bonus is a positive decimal ("0", "0.00" or junk: no bonus). */
export function hasSignupBonus(signupBonus: string): boolean {
  return /^\d+(\.\d+)?$/.test(signupBonus.trim()) && /[1-9]/.test(signupBonus);
}

/**
 * The three FAQs of the home page (SPEC §2), in the language of `t` and `price` (English by
 * default). The third states the signup bonus from the site config (SPEC §1: "$100") as the
 * server pays it: credited on e-mail verification, withdrawable after the first confirmed deposit
 * (issue 14). When the operator disables it ("0") it answers a security question instead, so the
 * page never promises a bonus that is not paid.
 */
export function buildFaqs(
  { brandName, signupBonus, figures }: Pick<SiteConfig, 'brandName' | 'signupBonus' | 'figures'>,
  { t, price }: FaqLanguage = ENGLISH,
): Faq[] {
  return [
    {
      question: t('How do I start investing?'),
      answer: t(
        'Create a free {{brand}} account, confirm your e-mail with the {{digits}}-digit code we send you, then choose an investment plan and deposit in bitcoin, ethereum or USDT.',
        { brand: brandName, digits: OTP_LENGTH },
      ),
    },
    {
      question: t('When do I receive my profit?'),
      answer: t(
        'Every plan runs for 24 hours. When it ends, the plan’s profit is added to your balance, and you can request a withdrawal to your own wallet at any time.',
      ),
    },
    hasSignupBonus(signupBonus)
      ? {
          question: t('Is there a signup bonus?'),
          answer: t(
            'Yes. Every new investor receives a {{bonus}} signup bonus as soon as they verify their e-mail address. It can be withdrawn once their first deposit is confirmed.',
            { bonus: price(signupBonus) },
          ),
        }
      : {
          question: t('Is my account secure?'),
          answer: t(
            'Yes. Every connection is protected by {{encryption}} encryption, your e-mail is verified, and withdrawals only go to the wallet addresses you save.',
            { encryption: figures.encryption },
          ),
        },
  ];
}
