import { OTP_LENGTH, type SiteConfig } from '@cryptovest/common';
import { priceTag } from '../../../components/formatPlan';

/** One question and its answer. */
export interface Faq {
  question: string;
  answer: string;
}

/** Whether the configured signup bonus is a positive decimal ("0", "0.00" or junk: no bonus). */
export function hasSignupBonus(signupBonus: string): boolean {
  return /^\d+(\.\d+)?$/.test(signupBonus.trim()) && /[1-9]/.test(signupBonus);
}

/**
 * The three FAQs of the home page (SPEC §2). The third states the signup bonus from the site
 * config (SPEC §1: "$100") as the server pays it: credited on e-mail verification, withdrawable
 * after the first confirmed deposit (issue 14). When the operator disables it ("0") it answers a
 * security question instead, so the page never promises a bonus that is not paid.
 */
export function buildFaqs({
  brandName,
  signupBonus,
  figures,
}: Pick<SiteConfig, 'brandName' | 'signupBonus' | 'figures'>): Faq[] {
  return [
    {
      question: 'How do I start investing?',
      answer: `Create a free ${brandName} account, confirm your e-mail with the ${OTP_LENGTH}-digit code we send you, then choose an investment plan and deposit in bitcoin, ethereum or USDT.`,
    },
    {
      question: 'When do I receive my profit?',
      answer:
        'Every plan runs for 24 hours. When it ends, the plan’s profit is added to your balance, and you can request a withdrawal to your own wallet at any time.',
    },
    hasSignupBonus(signupBonus)
      ? {
          question: 'Is there a signup bonus?',
          answer: `Yes. Every new investor receives a ${priceTag(signupBonus)} signup bonus as soon as they verify their e-mail address. It can be withdrawn once their first deposit is confirmed.`,
        }
      : {
          question: 'Is my account secure?',
          answer: `Yes. Every connection is protected by ${figures.encryption} encryption, your e-mail is verified, and withdrawals only go to the wallet addresses you save.`,
        },
  ];
}
