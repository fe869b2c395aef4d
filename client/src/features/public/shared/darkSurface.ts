import { brand } from '../../../app/theme/themeOptions';

/** Light text on the dark bands, readable (>= 4.5:1) everywhere on the gradient. */
export const ON_DARK_MUTED = 'rgba(255, 255, 255, 0.86)';

/**
 * The intentionally dark bands of the public pages (home banner, page heroes, stats): the same
 * navy gradient and white text in both colour schemes, with a white focus ring.
 */
export const darkSurfaceSx = {
  '--focus-ring': '#ffffff',
  color: '#ffffff',
  background: `radial-gradient(1200px 500px at 85% -10%, rgba(20,184,166,0.32), transparent 60%), linear-gradient(135deg, ${brand.navyDark} 0%, ${brand.navy} 60%, #0e3a5f 100%)`,
} as const;
