import type { To } from 'react-router';

/** One link of the public navigation. */
export interface NavItem {
  label: string;
  to: To;
  /** Active only on an exact path match. */
  end?: boolean;
}

/** Public navigation of SPEC §2, in order (Login / Sign up or Dashboard follow). */
export const publicNavItems: NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'Services', to: { pathname: '/', hash: '#services' } },
  { label: 'Contact Us', to: '/contact' },
  { label: 'About', to: '/about' },
];

/** Footer links of SPEC §2. */
export const footerLinks: NavItem[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Services', to: '/services' },
  { label: 'Sign Up', to: '/register' },
  { label: 'Login', to: '/login' },
];
