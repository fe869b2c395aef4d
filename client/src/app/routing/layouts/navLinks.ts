import { msg } from '@cryptovest/common';
import type { To } from 'react-router';

/** One link of the public navigation. */
export interface NavItem {
  /** English text (a catalogue key), translated where shown. */
  label: string;
  to: To;
  /** Active only on an exact path match. */
  end?: boolean;
  /** Other pages where this link is the current one (Services: its own page besides the home section). */
  alsoAt?: string[];
}

/** Public navigation of SPEC §2, in order (Login / Sign up or Dashboard follow). */
export const publicNavItems: NavItem[] = [
  { label: msg('Home'), to: '/', end: true },
  { label: msg('Services'), to: { pathname: '/', hash: '#services' }, alsoAt: ['/services'] },
  { label: msg('Contact Us'), to: '/contact' },
  { label: msg('About'), to: '/about' },
];

/** Where the user is, as the navigation reads it. */
interface Place {
  pathname: string;
  hash: string;
}

/** The path of a nav link and its section (#services), if any. */
function target(item: NavItem): Place {
  return typeof item.to === 'string'
    ? { pathname: item.to, hash: '' }
    : { pathname: item.to.pathname ?? '/', hash: item.to.hash ?? '' };
}

/** True when `item` is on `path` or one of the pages under it (only on `path` itself with `end`). */
const onPath = (item: NavItem, path: string, pathname: string) =>
  pathname === path || (!item.end && path !== '/' && pathname.startsWith(`${path}/`));

/**
 * The one item of `items` that is the current page, or null (issue 38: Services was never marked,
 * and Home stayed marked on /#services). A link to a section (/#services) is current while that
 * section is in the URL or on its `alsoAt` pages; it outranks the page the section is on.
 */
export function currentNavItem(items: readonly NavItem[], place: Place): NavItem | null {
  const sections = items.filter((item) => target(item).hash);
  const section = sections.find((item) => {
    const { pathname, hash } = target(item);
    return (place.pathname === pathname && place.hash === hash) || item.alsoAt?.includes(place.pathname);
  });
  if (section) return section;
  return items.find((item) => !target(item).hash && onPath(item, target(item).pathname, place.pathname)) ?? null;
}

/** A titled group of footer links. */
export interface FooterColumn {
  title: string;
  links: NavItem[];
}

/**
 * Footer link columns: every footer link of SPEC §2 (About Us, Contact Us, Services, Sign Up,
 * Login, Terms of use) once. The Company entries go where their labels say (issue 4), not all
 * to /about as the spec describes.
 */
export const footerColumns: FooterColumn[] = [
  {
    title: msg('Company'),
    links: [
      { label: msg('Home'), to: '/' },
      { label: msg('Contact Us'), to: '/contact' },
      { label: msg('Services'), to: '/services' },
    ],
  },
  {
    title: msg('Account'),
    links: [
      { label: msg('Sign Up'), to: '/register' },
      { label: msg('Login'), to: '/login' },
    ],
  },
  {
    title: msg('Information'),
    links: [
      { label: msg('About Us'), to: '/about' },
      { label: msg('Terms of use'), to: '/terms' },
    ],
  },
];
