import type { SiteConfig } from '@cryptovest/common';
import type { ComponentType } from 'react';
import { GrowthArt } from '../shared/art/GrowthArt';
import { ShieldArt } from '../shared/art/ShieldArt';
import { SupportArt } from '../shared/art/SupportArt';
import { TradingArt } from '../shared/art/TradingArt';

/** One slide of the home banner: its headline, a sentence and its illustration. */
export interface HeroSlide {
  title: string;
  text: string;
  Art: ComponentType;
}

/** The four banner slides (SPEC §2: the carousel rotates over 4 images), worded from SPEC §1. */
export function heroSlides({ brandName, figures }: Pick<SiteConfig, 'brandName' | 'figures'>): HeroSlide[] {
  return [
    {
      title: 'Grow your crypto with plans that pay every 24 hours',
      text: `${brandName} invests through corporate accounts with automated trading software, with secure, stable deposits and withdrawals.`,
      Art: GrowthArt,
    },
    {
      title: 'Binary and Forex trading that works while you sleep',
      text: 'Our automated trading software and experienced traders follow the markets day and night, so you do not have to.',
      Art: TradingArt,
    },
    {
      title: 'Deposits and withdrawals you can always count on',
      text: `Fund your plan in bitcoin, ethereum or USDT and withdraw to your own wallet, with ${figures.encryption} encryption all the way.`,
      Art: ShieldArt,
    },
    {
      title: 'Real support, 24 hours a day, 7 days a week',
      text: 'Questions about a plan, a deposit or a withdrawal? Our team answers whenever you need them, from your first deposit to your first withdrawal.',
      Art: SupportArt,
    },
  ];
}
