import type { Plan } from '../modules/plan/plan.entity';
import type { Services } from '../services';

/**
 * Public data a server-rendered page can list, read through the service layer at render time
 * (the client's route handles name it; client/src/app/ssr/pageData.ts seeds it into Apollo).
 * Only data every visitor may see belongs here: rendered pages are cached per path.
 */
export interface PageData {
  plans?: Plan[];
}

/** How each kind of page data is read. */
const loaders: { [K in keyof PageData]-?: (services: Pick<Services, 'plans'>) => Promise<PageData[K]> } = {
  plans: (services) => services.plans.list(),
};

/**
 * Reads the page data `keys` names. Rejects when any read fails or a key is unknown: the caller
 * then serves the client-rendered shell, which fetches the data itself, and caches nothing.
 */
export async function loadPageData(services: Pick<Services, 'plans'>, keys: readonly string[]): Promise<PageData> {
  const entries = await Promise.all(
    keys.map(async (key) => {
      if (!Object.hasOwn(loaders, key)) throw new Error(`the renderer asked for unknown page data "${key}"`);
      return [key, await loaders[key as keyof PageData](services)] as const;
    }),
  );
  return Object.fromEntries(entries) as PageData;
}
