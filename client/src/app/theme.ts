import snapshot from 'virtual:theme-snapshot';
import { buildThemeDonor, themeOptions } from './themeOptions';
import { restoreTheme } from './themeSnapshot';

/**
 * The app's MUI theme (`themeOptions`), restored from the snapshot the build took of it
 * (build/themeSnapshot.ts): MUI builds it in 20–40 ms of a phone's main thread, this in a few.
 */
export const theme = restoreTheme(snapshot, buildThemeDonor(), themeOptions.spacing);
