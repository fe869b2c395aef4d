import { test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';

/** The two sizes every page is looked at: desktop and a phone. */
export const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Both colour schemes. */
export const THEMES = ['light', 'dark'] as const;

/** A page of its own size and colour scheme (MUI reads the stored mode before the first paint). */
export async function pageFor(
  browser: Browser,
  size: (typeof SIZES)[number],
  theme: (typeof THEMES)[number],
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: size.viewport,
    colorScheme: theme,
    isMobile: size.name === 'phone',
    hasTouch: size.name === 'phone',
  });
  await context.addInitScript((mode) => localStorage.setItem('mui-mode', mode), theme);
  return context.newPage();
}

/**
 * A camera saving `<name>-<size>-<theme>.png` under `.data/screenshots/<folder>/` once fonts have
 * settled: the whole page from the top, or only the window (overlays).
 */
export function camera(folder: string) {
  const out = path.resolve(__dirname, '..', '..', '.data', 'screenshots', folder);
  return async (page: Page, name: string, size: string, theme: string, fullPage = true): Promise<void> => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // entrance transitions (dialogs, toasts, tooltips)
    await page.screenshot({ path: path.join(out, `${name}-${size}-${theme}.png`), fullPage, animations: 'disabled' });
  };
}
