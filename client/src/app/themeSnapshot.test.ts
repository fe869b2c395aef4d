/**
 * @jest-environment node
 */
import { DEFAULT_SITE_CONFIG } from '@cryptovest/common';
import type { Theme } from '@mui/material/styles';
import { theme as restored } from './theme';
import { buildFullTheme, buildThemeDonor, themeOptions } from './themeOptions';
import { restoreTheme, takeThemeSnapshot, type ThemeSnapshot } from './themeSnapshot';

type Tree = Record<string, unknown>;

/** Everything about a theme but its functions' identities: values, shared objects, generators' output. */
const everything = (theme: Theme) => takeThemeSnapshot(theme);

/** What to ask each of a theme's functions (by name), so restored and MUI-built ones can be compared. */
const questions: Record<string, unknown[][]> = {
  up: [['xs'], ['md'], [600]],
  down: [['sm'], ['xl'], [900]],
  between: [
    ['sm', 'lg'],
    [300, 'md'],
  ],
  only: [['xs'], ['md'], ['xl']],
  not: [['xs'], ['md'], ['xl']],
  containerQueries: [['sidebar'], []],
  spacing: [[], [0], [1], [2], [1, 2], [1, 'auto', 3, 0.5], ['4px']],
  generateSpacing: [[]],
  applyStyles: [
    ['dark', { color: 'red' }],
    ['light', { color: 'blue' }],
  ],
  unstable_sx: [
    [
      {
        p: 2,
        mx: -1,
        color: 'primary.main',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        width: 0.5,
        maxWidth: 'sm',
        gap: 2,
        displayPrint: 'none',
        typography: 'h3',
        zIndex: 'appBar',
        boxShadow: 3,
      },
    ],
  ],
  pxToRem: [[14], [20]],
  getAutoHeightDuration: [[300], [0]],
  create: [[], [['color', 'transform'], { duration: 200, easing: 'linear', delay: 10 }]],
  toRuntimeSource: [[]],
  alpha: [
    ['#0b2a4a', 0.5],
    ['var(--mui-palette-primary-main)', 0.2],
    ['rgb(1 2 3)', '0.1 + 0.2'],
  ],
  lighten: [['#0b2a4a', 0.2]],
  darken: [['#5eead4', 0.4]],
  getCssVar: [['palette-primary-main'], ['spacing', '8px']],
  getContrastText: [['#ffffff'], ['#0b2a4a'], ['#5eead4']],
  augmentColor: [[{ color: { main: '#123456' } }], [{ color: { main: '#eeeeee' }, name: 'x' }]],
  generateThemeVars: [[]],
  generateStyleSheets: [[]],
  getColorSchemeSelector: [['dark'], ['light']],
  shouldSkipGeneratingVar: [[['typography', 'h1']], [['palette', 'primary', 'main']], [['spacing']]],
};
/** The sx config's functions are asked through `unstable_sx` above. */
const askedThroughSx = (path: string[]) => path[0] === 'unstable_sxConfig';

const at = (root: unknown, path: string[]): unknown => path.reduce<unknown>((node, key) => (node as Tree)?.[key], root);
/** A function's answers to its questions, called as a method of its object (as MUI calls them). */
function answers(theme: Theme, path: string[]): string {
  const owner = at(theme, path.slice(0, -1));
  const fn = at(theme, path) as (...args: unknown[]) => unknown;
  const asks = questions[path[path.length - 1]] ?? [];
  const results = asks.map((args) => {
    const result = fn.apply(owner, structuredClone(args));
    // containerQueries(name) answers with an object of functions: ask those too.
    if (path[path.length - 1] === 'containerQueries') {
      const node = result as Record<string, (...a: unknown[]) => unknown>;
      return ['up', 'down', 'only', 'not'].map((name) => node[name]('md')).concat(node.between('sm', 'lg'));
    }
    return result;
  });
  return JSON.stringify(results, (_k, v: unknown) => (typeof v === 'function' ? 'ƒ' : v));
}

describe('the theme restored from its build-time snapshot', () => {
  const full = buildFullTheme();

  it('holds the same values, shared objects and style sheets as the theme MUI builds', () => {
    const mine = everything(restored);
    const mui = everything(full);
    expect(mine.data).toEqual(mui.data);
    expect(mine.aliases).toEqual(mui.aliases);
    expect(mine.undefinedKeys).toEqual(mui.undefinedKeys);
    // Same places; the order of a theme's keys means nothing to MUI.
    const places = (paths: string[][]) => paths.map((path) => path.join('.')).sort();
    expect(places(mine.functions)).toEqual(places(mui.functions));
    expect(mine.styleSheets).toEqual(mui.styleSheets);
    expect(mine.themeVars).toEqual(mui.themeVars);
  });

  it('has every function, each answering as MUI’s own does', () => {
    const paths = everything(full).functions.filter((path) => !askedThroughSx(path));
    const unasked = paths.filter((path) => !questions[path[path.length - 1]] && !path.includes('styleOverrides'));
    expect(unasked).toEqual([]); // a function MUI added: give it questions above
    for (const path of paths)
      expect([path.join('.'), answers(restored, path)]).toEqual([path.join('.'), answers(full, path)]);
    const baseline = at(full, ['components', 'MuiCssBaseline', 'styleOverrides']) as (t: Theme) => unknown;
    const restoredBaseline = at(restored, ['components', 'MuiCssBaseline', 'styleOverrides']) as (t: Theme) => unknown;
    expect(restoredBaseline(restored)).toEqual(baseline(full));
  });

  it('leaves out what the donor has and what can be derived, and fails loudly when a function cannot be restored', () => {
    const snapshot = takeThemeSnapshot(full, buildThemeDonor());
    expect(snapshot.fromDonor).toEqual(expect.arrayContaining(['breakpoints', 'shadows', 'transitions']));
    expect(snapshot.data).not.toHaveProperty('shadows');
    expect(snapshot.themeVars).toBeNull(); // derived from `vars` in the browser, not shipped
    const lost: ThemeSnapshot = { ...snapshot, functions: [...snapshot.functions, ['typography', 'madeUp']] };
    expect(() => restoreTheme(lost, buildThemeDonor(), themeOptions.spacing)).toThrow(
      'nothing restores the function at typography.madeUp',
    );
  });

  it('renders every public page exactly as the theme MUI builds does (markup and styles)', async () => {
    const pages = ['/', '/about', '/terms', '/services', '/contact', '/login', '/register'];
    const render = async (entry: typeof import('../entry-server')) =>
      Promise.all(pages.map((url) => entry.renderPage(url, DEFAULT_SITE_CONFIG, { plans: [] })));
    const withRestored = await render(await import('../entry-server'));
    let withMui: Awaited<ReturnType<typeof render>> = [];
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./theme', () => ({ theme: buildFullTheme() }));
      withMui = await render(await import('../entry-server'));
    });
    expect(withMui).toHaveLength(pages.length);
    withRestored.forEach((page, i) => {
      expect(page?.errors).toEqual([]);
      expect([pages[i], page?.styles, page?.html]).toEqual([pages[i], withMui[i]?.styles, withMui[i]?.html]);
    });
  });
});
