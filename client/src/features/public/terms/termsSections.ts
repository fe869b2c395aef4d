import { msg } from '@cryptovest/common';

/**
 * One numbered section of the terms: an h2 and its paragraphs, as English `public` catalogue keys
 * (one key per paragraph), translated where shown with the operator's names as `{{brand}}` and
 * `{{company}}`.
 */
export interface TermsSection {
  title: string;
  paragraphs: readonly string[];
}

/**
 * The body of the Terms of use. Neutral, plain-language terms for an investment platform; the
 * contact section is rendered by the page (it holds links).
 */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: msg('About these terms'),
    paragraphs: [
      msg(
        'These terms govern your use of the {{brand}} website and investor account, operated by {{company}} ("we", "us"). By creating an account or using the site you agree to them. If you do not agree, please do not use the service.',
      ),
    ],
  },
  {
    title: msg('Eligibility'),
    paragraphs: [
      msg(
        'You must be at least 18 years old and legally able to enter into a binding contract. You may not use the service where doing so is prohibited by the laws of your country of residence, and you are responsible for checking that it is permitted for you.',
      ),
      msg(
        'You must give accurate, complete information when you register and keep it up to date. We may ask you to verify your identity or the source of your funds before we process a deposit or withdrawal.',
      ),
    ],
  },
  {
    title: msg('Your account and its security'),
    paragraphs: [
      msg(
        'Keep your password secret and do not share your account. You are responsible for everything done through your account. Tell us at once if you suspect someone else has used it.',
      ),
      msg('We will never ask for your password by e-mail, phone or chat.'),
    ],
  },
  {
    title: msg('Deposits and withdrawals'),
    paragraphs: [
      msg(
        'Deposits are made in the cryptocurrencies shown in your dashboard. A deposit is credited after we have reviewed it and confirmed the transaction on the blockchain. Sending funds to a wrong address or on a wrong network may result in their permanent loss.',
      ),
      msg(
        'Withdrawal requests are reviewed before they are paid out to the wallet address you have saved. We may delay or refuse a withdrawal while we check its legitimacy, or where the law requires us to.',
      ),
    ],
  },
  {
    title: msg('Risk warning'),
    paragraphs: [
      msg(
        'Cryptocurrency prices are highly volatile. Trading derivatives and leveraged products carries a high level of risk, and you can lose more than your initial investment. Past performance and any stated profit rates are not a guarantee of future results. Only invest money you can afford to lose.',
      ),
      msg(
        'Before you invest, read our Product Disclosure Statement and Financial Services Guide, which are available on request, and consider whether the product is right for you.',
      ),
    ],
  },
  {
    title: msg('No investment advice'),
    paragraphs: [
      msg(
        'Information on the {{brand}} website is general in nature and does not take into account your objectives, financial situation or needs. It is not financial, investment, tax or legal advice. Consider seeking independent advice before making any investment decision.',
      ),
    ],
  },
  {
    title: msg('Fees'),
    paragraphs: [
      msg(
        'Any fees that apply to a plan, a deposit or a withdrawal are shown before you confirm it. Network fees charged by the blockchain are outside our control and are borne by the sender.',
      ),
    ],
  },
  {
    title: msg('Suspension and closure'),
    paragraphs: [
      msg(
        'We may suspend or close an account that breaches these terms, is used for fraud or money laundering, or where the law requires us to. Where we can, we will tell you why and return any balance that is lawfully yours. You may close your account at any time by contacting us.',
      ),
    ],
  },
  {
    title: msg('Limitation of liability'),
    paragraphs: [
      msg(
        'To the extent permitted by law, we are not liable for losses caused by market movements, by events beyond our reasonable control, or by your failure to keep your account secure. Nothing in these terms limits any liability that cannot be limited by law.',
      ),
    ],
  },
  {
    title: msg('Changes to these terms'),
    paragraphs: [
      msg(
        'We may update these terms from time to time. The current version is always published on this page; if a change materially affects you, we will tell you by e-mail before it takes effect. Continuing to use the service after that means you accept the updated terms.',
      ),
    ],
  },
];
