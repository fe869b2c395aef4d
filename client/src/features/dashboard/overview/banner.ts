import type { Translate } from '@cryptovest/common';
import type { DashboardProfileQuery } from '../../../generated/graphql';
import { englishText } from '../components/wording';

/** What the overview banner shows (SPEC §2), decided without React so it can be unit-tested. */
export type BannerContent =
  | { kind: 'announcement'; text: string; html: string }
  | { kind: 'message'; text: string }
  | { kind: 'congratulations'; text: string }
  | { kind: 'upgrade'; text: string };

/**
 * The announcement's text content (to decide whether it says anything, and for tests). The
 * banner renders the HTML itself through the SafeHtml allow-list.
 */
export function announcementText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '\n');
  const text = new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

type BannerUser = Pick<DashboardProfileQuery['me'], 'announcement' | 'isPremium' | 'message' | 'planType'>;

/**
 * Announcement first; then a premium user's message or congratulations; else the upgrade call. The
 * operator's announcement and message show as written; our own words in the language of `t`.
 */
export function bannerContent(user: BannerUser, t: Translate = englishText): BannerContent {
  const announcement = user.announcement ? announcementText(user.announcement) : '';
  if (announcement) return { kind: 'announcement', text: announcement, html: user.announcement! };
  const plan = user.planType?.trim() || t('premium');
  if (user.isPremium) {
    if (user.message?.trim()) return { kind: 'message', text: user.message.trim() };
    return { kind: 'congratulations', text: t('Congratulations! You are on the {{plan}} plan.', { plan }) };
  }
  return { kind: 'upgrade', text: t('Upgrade your plan to {{plan}} and get unlimited access', { plan }) };
}
