import { createSpacing, unstable_createGetCssVar as createGetCssVar } from '@mui/system';
import { createGetColorSchemeSelector } from '@mui/system/cssVars';
import { createUnarySpacing } from '@mui/system/spacing';
import { shouldSkipGeneratingVar, type Theme } from '@mui/material/styles';

/** A path into the theme object, one key per level. */
type Path = string[];
type Tree = Record<string, unknown>;

/**
 * A theme built with CSS variables, as data: everything but its functions, with where each function
 * and each shared object was, and what its two generators returned. Taken at build time
 * (build/themeSnapshot.ts), turned back into a theme in the browser by `restoreTheme`.
 */
export interface ThemeSnapshot {
  /** The theme's values; functions, shared objects after their first place and undefined left out. */
  data: Tree;
  /** Where the theme had functions. */
  functions: Path[];
  /** Places that held the same object as an earlier place: `[place, earlier place]`. */
  aliases: [Path, Path][];
  /** Keys present with the value `undefined` (JSON drops them). */
  undefinedKeys: Path[];
  /** Top-level keys the donor theme (see `restoreTheme`) already has exactly right: kept as they are. */
  fromDonor: string[];
  /** What `theme.generateStyleSheets()` returned: the CSS variables of each colour scheme. */
  styleSheets: unknown;
  /**
   * What `theme.generateThemeVars()` returned, or null when that is `theme.vars` without the
   * fallbacks (`var(--mui-x, #fff)` → `var(--mui-x)`), as MUI makes it: then it is derived again.
   */
  themeVars: unknown;
}

/** What a theme built with CSS variables has beyond `Theme`'s type. */
interface CssVariablesGenerators {
  generateStyleSheets?: () => unknown;
  generateThemeVars?: () => unknown;
}

const isPlainObject = (value: unknown): value is Tree =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** A value as text, functions included by their source: two equal texts mean equal values. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'function' ? `ƒ ${String(v)}` : v)) ?? 'undefined';
}

/**
 * The top-level keys of `theme` that `donor` has with the same value, shared with no other key
 * (so keeping the donor's object loses no shared reference).
 */
function keysTheDonorHas(theme: Tree, donor: Tree, aliases: [Path, Path][]): string[] {
  const shared = new Set(aliases.flatMap(([place, earlier]) => [place[0], earlier[0]]));
  return Object.keys(theme).filter(
    (key) => key in donor && !shared.has(key) && fingerprint(theme[key]) === fingerprint(donor[key]),
  );
}

/**
 * The snapshot of a theme built with `cssVariables`; what `donor` (see `restoreTheme`) already
 * has right is left out. Throws on a value JSON cannot carry (a class instance, a non-finite
 * number), so such a theme fails the build instead of arriving changed.
 */
export function takeThemeSnapshot(theme: Theme & CssVariablesGenerators, donor = {} as Theme): ThemeSnapshot {
  const functions: Path[] = [];
  const aliases: [Path, Path][] = [];
  const undefinedKeys: Path[] = [];
  const seen = new Map<object, Path>();
  const copy = (node: Tree, path: Path): Tree => {
    const out: Tree = Array.isArray(node) ? ([] as unknown as Tree) : {};
    for (const key of Object.keys(node)) {
      const value = node[key];
      const at = [...path, key];
      if (typeof value === 'function') functions.push(at);
      else if (value === undefined) undefinedKeys.push(at);
      else if (typeof value === 'object' && value !== null) {
        if (!isPlainObject(value)) throw new Error(`theme snapshot: ${at.join('.')} is not plain data`);
        const earlier = seen.get(value);
        if (earlier) aliases.push([at, earlier]);
        else {
          seen.set(value, at);
          out[key] = copy(value, at);
        }
      } else if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new Error(`theme snapshot: ${at.join('.')} is ${value}, which JSON cannot carry`);
      } else out[key] = value;
    }
    return out;
  };
  seen.set(theme, []);
  const data = copy(theme as unknown as Tree, []);
  const fromDonor = keysTheDonorHas(theme as unknown as Tree, donor as unknown as Tree, aliases);
  const elsewhere = (path: Path) => !fromDonor.includes(path[0]);
  for (const key of fromDonor) delete data[key];
  const themeVars = theme.generateThemeVars?.();
  const derivable = fingerprint(withoutFallbacks(theme.vars)) === fingerprint(themeVars);
  return {
    data,
    functions: functions.filter(elsewhere),
    aliases,
    undefinedKeys: undefinedKeys.filter(elsewhere),
    fromDonor,
    styleSheets: theme.generateStyleSheets?.(),
    themeVars: derivable ? null : themeVars,
  };
}

/** `vars` with every `var(--name, fallback)` turned into `var(--name)`. */
function withoutFallbacks(vars: unknown): unknown {
  if (Array.isArray(vars)) return vars.map(withoutFallbacks);
  if (isPlainObject(vars)) return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, withoutFallbacks(v)]));
  return typeof vars === 'string' ? vars.replace(/^var\((--[\w-]+), [\s\S]*\)$/, 'var($1)') : vars;
}

/** Marks a function's place in a `FunctionTree`. */
const FUNCTION = Symbol('function');
type FunctionTree = Map<string, FunctionTree | typeof FUNCTION>;

function functionTree(paths: Path[]): FunctionTree {
  const root: FunctionTree = new Map();
  for (const path of paths) {
    let node = root;
    path.forEach((key, index) => {
      if (index === path.length - 1) return void node.set(key, FUNCTION);
      let next = node.get(key);
      if (next === undefined || next === FUNCTION) node.set(key, (next = new Map()));
      node = next;
    });
  }
  return root;
}

/**
 * Makes `target` hold `data`, in place, keeping the functions `tree` names: objects that hold a
 * function are updated rather than replaced, so the function's closure still sees its own object.
 */
function overlay(target: Tree, data: Tree, tree: FunctionTree | undefined, keep: string[] = []): void {
  for (const key of Object.keys(target)) {
    if (!(key in data) && !tree?.has(key) && !keep.includes(key)) delete target[key];
  }
  for (const key of Object.keys(data)) {
    const value = data[key];
    const branch = tree?.get(key);
    if (branch instanceof Map && isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = Array.isArray(value) ? [] : {};
      overlay(target[key] as Tree, value, branch);
    } else target[key] = value;
  }
}

const get = (root: Tree, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Tree)?.[key], root);
function set(root: Tree, path: Path, value: unknown): void {
  const parent = get(root, path.slice(0, -1)) as Tree;
  parent[path[path.length - 1]] = value;
}

/**
 * The functions MUI gives a theme built with CSS variables, which a theme built without them has
 * in other forms (spacing into `var(--mui-spacing)`, the generators of the variables' style sheets)
 * or not at all. Mirrors `createThemeWithVars` in @mui/material; the snapshot test compares every
 * function's answers with MUI's own, so a change there fails the test.
 */
function cssVariablesFunctions(theme: Tree, snapshot: ThemeSnapshot, spacingInput: unknown): Tree {
  return {
    getCssVar: createGetCssVar(theme.cssVarPrefix as string),
    getColorSchemeSelector: createGetColorSchemeSelector(theme.colorSchemeSelector as string),
    generateThemeVars: () => (snapshot.themeVars ??= withoutFallbacks(theme.vars)),
    generateStyleSheets: () => snapshot.styleSheets,
    generateSpacing(this: Theme) {
      return createSpacing(spacingInput as undefined, createUnarySpacing(this));
    },
    shouldSkipGeneratingVar,
  };
}

/**
 * The theme the snapshot was taken of, built in a few milliseconds instead of MUI's 20–40 ms on a
 * phone. `donor` is a theme built without CSS variables from the same options: it brings the
 * functions (breakpoints, transitions, typography's pxToRem, the palette's, sx, colour helpers,
 * the options' own style overrides), whose answers depend only on those options or on the theme
 * they are called on. Its data is replaced in place by the snapshot's, so the functions that close
 * over it see the restored theme. Throws if a function of the snapshot's theme is left without one.
 */
export function restoreTheme(snapshot: ThemeSnapshot, donor: Theme, spacingInput?: unknown): Theme {
  const theme = donor as unknown as Tree;
  const donorPalette = theme.palette as Tree;
  overlay(theme, snapshot.data, functionTree(snapshot.functions), snapshot.fromDonor);
  for (const [place, earlier] of snapshot.aliases) set(theme, place, get(theme, earlier));
  for (const place of snapshot.undefinedKeys) set(theme, place, undefined);
  Object.assign(theme, cssVariablesFunctions(theme, snapshot, spacingInput));
  theme.spacing = (theme.generateSpacing as () => unknown).call(theme);
  for (const place of snapshot.functions) {
    if (typeof get(theme, place) === 'function') continue;
    // Every colour scheme's palette has the same helpers; their answers do not depend on the scheme.
    const name = place[place.length - 1];
    const paletteHelper = donorPalette[name];
    if (place[place.length - 2] === 'palette' && typeof paletteHelper === 'function') set(theme, place, paletteHelper);
    else throw new Error(`theme snapshot: nothing restores the function at ${place.join('.')}`);
  }
  return donor;
}
