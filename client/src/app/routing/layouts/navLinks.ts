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
    title: 'Company',
    links: [
      { label: 'Home', to: '/' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Services', to: '/services' },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Sign Up', to: '/register' },
      { label: 'Login', to: '/login' },
    ],
  },
  {
    title: 'Information',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Terms of use', to: '/terms' },
    ],
  },
];
