import type { GlyphName } from './glyphs';

/** One trading service the platform offers (SPEC §1). */
export interface TradingService {
  glyph: GlyphName;
  title: string;
  text: string;
}

/**
 * The trading services of SPEC §1: Binary and Forex trading, 24/7 support, security, stable
 * deposits and withdrawals, and automated trading through corporate accounts. The single source
 * for the home page's #services section and the /services page.
 */
export const TRADING_SERVICES: readonly TradingService[] = [
  {
    glyph: 'candles',
    title: 'Binary trading',
    text: 'Short, fixed-term trades on where a market goes next, placed for you by our trading desk.',
  },
  {
    glyph: 'exchange',
    title: 'Forex trading',
    text: 'Positions across the major currency pairs, in the largest and most liquid market in the world.',
  },
  {
    glyph: 'chip',
    title: 'Automated trading',
    text: 'Corporate accounts run by automated trading software that watches the markets around the clock.',
  },
  {
    glyph: 'wallet',
    title: 'Stable deposits and withdrawals',
    text: 'Fund your plan in bitcoin, ethereum or USDT and request withdrawals to your own saved wallets.',
  },
  {
    glyph: 'shield',
    title: 'Secure accounts',
    text: 'Encrypted connections, e-mail verification and password protection keep your account yours.',
  },
  {
    glyph: 'headset',
    title: '24/7 customer support',
    text: 'Real people ready to help with your account, deposits and withdrawals, any time of day.',
  },
];
