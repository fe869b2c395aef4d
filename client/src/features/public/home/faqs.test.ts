import { DEFAULT_SITE_CONFIG, translatorFor } from '@cryptovest/common';
import { formatsFor } from '../../../app/i18n/useFormat';
import { buildFaqs, hasSignupBonus } from './faqs';

const faqsWith = (signupBonus: string) => buildFaqs({ ...DEFAULT_SITE_CONFIG, signupBonus });

describe('home FAQs', () => {
  it('says the bonus comes with e-mail verification and unlocks with the first deposit, as the server pays it', () => {
    const bonus = faqsWith('100').find((faq) => faq.question === 'Is there a signup bonus?');
    expect(bonus?.answer).toBe(
      'Yes. Every new investor receives a $100 signup bonus as soon as they verify their e-mail address. It can be withdrawn once their first deposit is confirmed.',
    );
  });

  it('states the configured signup bonus as money', () => {
    const faqs = faqsWith('100');
    expect(faqs).toHaveLength(3);
    expect(faqs.filter((faq) => faq.answer.includes('$100 signup bonus'))).toHaveLength(1);
    expect(faqsWith('250.50').some((faq) => faq.answer.includes('$250.5 signup bonus'))).toBe(true);
    expect(faqsWith('1500').some((faq) => faq.answer.includes('$1,500 signup bonus'))).toBe(true);
  });

  it.each(['0', '0.00', '', 'abc'])('promises no bonus when it is %p, and still has three FAQs', (bonus) => {
    const faqs = faqsWith(bonus);
    expect(faqs).toHaveLength(3);
    expect(faqs.map((faq) => `${faq.question} ${faq.answer}`).join(' ')).not.toMatch(/bonus/i);
  });

  it('recognises a positive decimal bonus only', () => {
    expect(hasSignupBonus('100')).toBe(true);
    expect(hasSignupBonus('0.01')).toBe(true);
    expect(hasSignupBonus('0')).toBe(false);
    expect(hasSignupBonus('-5')).toBe(false);
  });
});

describe('home FAQs in another language', () => {
  it('asks and answers in German, the bonus as German money', () => {
    const faqs = buildFaqs(
      { ...DEFAULT_SITE_CONFIG, signupBonus: '1500' },
      { t: translatorFor('de', 'public'), price: (amount) => formatsFor('de').money(amount, { minDecimals: 0 }) },
    );
    expect(faqs.map((faq) => faq.question)).toEqual([
      'Wie fange ich an zu investieren?',
      'Wann erhalte ich meinen Gewinn?',
      'Gibt es einen Startbonus?',
    ]);
    expect(faqs[0].answer).toContain('Konto bei CryptoVest');
    expect(faqs[2].answer).toContain('Startbonus von 1.500\u00a0$');
  });
});
