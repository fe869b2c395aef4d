import type { Plugin } from 'vite';
import { buildFullTheme, buildThemeDonor } from '../src/app/themeOptions';
import { takeThemeSnapshot } from '../src/app/themeSnapshot';

const ID = 'virtual:theme-snapshot';
const RESOLVED = `\0${ID}`;

/**
 * Serves `virtual:theme-snapshot`: the app's theme built by MUI here, in Node, when the config
 * loads, as a snapshot (src/app/themeSnapshot.ts) that src/app/theme.ts turns back into the theme
 * in a few milliseconds. A change to the theme's options reloads the config, and so the snapshot.
 */
export function themeSnapshot(): Plugin {
  const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(takeThemeSnapshot(buildFullTheme(), buildThemeDonor())))});`;
  return {
    name: 'cryptovest:theme-snapshot',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? source : undefined),
  };
}
