import type { DashboardProfileQuery } from '../../../generated/graphql';

/** What the overview banner shows (SPEC §2), decided without React so it can be unit-tested. */
export type BannerContent =
  | { kind: 'announcement'; text: string }
  | { kind: 'message'; text: string }
  | { kind: 'congratulations'; text: string }
  | { kind: 'upgrade'; text: string };

/**
 * Admin-written announcement HTML reduced to plain text with its line breaks: no sanitiser is
 * installed, so markup is never rendered. DOMParser builds an inert document (no scripts run,
 * no images load) and only its text is read.
 */
export function announcementText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '\n');
  const text = new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

type BannerUser = Pick<DashboardProfileQuery['me'], 'announcement' | 'isPremium' | 'message' | 'planType'>;

/** Announcement first; then a premium user's message or congratulations; else the upgrade call. */
export function bannerContent(user: BannerUser): BannerContent {
  const announcement = user.announcement ? announcementText(user.announcement) : '';
  if (announcement) return { kind: 'announcement', text: announcement };
  const plan = user.planType?.trim();
  if (user.isPremium) {
    if (user.message?.trim()) return { kind: 'message', text: user.message.trim() };
    return { kind: 'congratulations', text: `Congratulations! You are on the ${plan || 'premium'} plan.` };
  }
  return { kind: 'upgrade', text: `Upgrade your plan to ${plan || 'premium'} and get unlimited access` };
}
