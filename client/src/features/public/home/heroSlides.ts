import { msg, type SiteConfig } from '@cryptovest/common';
import type { ComponentType } from 'react';
import { GrowthArt } from '../shared/art/GrowthArt';
import { ShieldArt } from '../shared/art/ShieldArt';
import { SupportArt } from '../shared/art/SupportArt';
import { TradingArt } from '../shared/art/TradingArt';

/**
 * One slide of the home banner: its headline, a sentence and its illustration. Title and text are
 * English `public` catalogue keys, translated where shown (`t(slide.text, slide.params)`).
 */
export interface HeroSlide {
  title: string;
  text: string;
  /** Values of the text's {{placeholders}} (brand name, encryption). */
  params: Record<string, string>;
  Art: ComponentType;
}

/** The four banner slides (SPEC §2: the carousel rotates over 4 images), worded from SPEC §1. */
export function heroSlides({ brandName, figures }: Pick<SiteConfig, 'brandName' | 'figures'>): HeroSlide[] {
  const params = { brand: brandName, encryption: figures.encryption };
  return [
    {
      title: msg('Grow your crypto with plans that pay every 24 hours'),
      text: msg(
        '{{brand}} invests through corporate accounts with automated trading software, with secure, stable deposits and withdrawals.',
      ),
      params,
      Art: GrowthArt,
    },
    {
      title: msg('Binary and Forex trading that works while you sleep'),
      text: msg(
        'Our automated trading software and experienced traders follow the markets day and night, so you do not have to.',
      ),
      params,
      Art: TradingArt,
    },
    {
      title: msg('Deposits and withdrawals you can always count on'),
      text: msg(
        'Fund your plan in bitcoin, ethereum or USDT and withdraw to your own wallet, with {{encryption}} encryption all the way.',
      ),
      params,
      Art: ShieldArt,
    },
    {
      title: msg('Real support, 24 hours a day, 7 days a week'),
      text: msg(
        'Questions about a plan, a deposit or a withdrawal? Our team answers whenever you need them, from your first deposit to your first withdrawal.',
      ),
      params,
      Art: SupportArt,
    },
  ];
}
