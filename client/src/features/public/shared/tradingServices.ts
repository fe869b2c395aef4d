import { msg } from '@cryptovest/common';
import type { GlyphName } from './glyphs';

/** One trading service the platform offers (SPEC §1). */
export interface TradingService {
  glyph: GlyphName;
  /** English title (a `public` catalogue key), translated where shown. */
  title: string;
  /** English sentence (a `public` catalogue key), translated where shown. */
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
    title: msg('Binary trading'),
    text: msg('Short, fixed-term trades on where a market goes next, placed for you by our trading desk.'),
  },
  {
    glyph: 'exchange',
    title: msg('Forex trading'),
    text: msg('Positions across the major currency pairs, in the largest and most liquid market in the world.'),
  },
  {
    glyph: 'chip',
    title: msg('Automated trading'),
    text: msg('Corporate accounts run by automated trading software that watches the markets around the clock.'),
  },
  {
    glyph: 'wallet',
    title: msg('Stable deposits and withdrawals'),
    text: msg('Fund your plan in bitcoin, ethereum or USDT and request withdrawals to your own saved wallets.'),
  },
  {
    glyph: 'shield',
    title: msg('Secure accounts'),
    text: msg('Encrypted connections, e-mail verification and password protection keep your account yours.'),
  },
  {
    glyph: 'headset',
    title: msg('24/7 customer support'),
    text: msg('Real people ready to help with your account, deposits and withdrawals, any time of day.'),
  },
];
