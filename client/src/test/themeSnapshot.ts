import { buildFullTheme, buildThemeDonor } from '../app/themeOptions';
import { takeThemeSnapshot } from '../app/themeSnapshot';

/** `virtual:theme-snapshot` under jest (jest.config.ts maps it here): taken as the build takes it. */
export default takeThemeSnapshot(buildFullTheme(), buildThemeDonor());
