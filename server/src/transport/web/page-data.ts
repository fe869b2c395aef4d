import type { Plan, PlanService } from '../../modules/plan';

/** The services this adapter calls; the composition root passes them. */
export interface PageDataDeps {
  plans: PlanService;
}

/**
 * Public data a server-rendered page can list, read through the service layer at render time
 * (the client's route handles name it; client/src/app/ssr/pageData.ts seeds it into Apollo).
 * Only data every visitor may see belongs here: rendered pages are cached per path.
 */
export interface PageData {
  plans?: readonly Plan[];
}

type PageServices = PageDataDeps;

/** Each kind of page data: how it is read, and which version of it a read now sees. */
const sources: {
  [K in keyof PageData]-?: {
    read(services: PageServices): Promise<PageData[K]>;
    /** See NotifiedCache.version: null while changes to the data could go unnoticed. */
    version(services: PageServices): number | null;
  };
} = {
  plans: { read: (services) => services.plans.list(), version: (services) => services.plans.cache.version },
};

/** The source of `key`, or an error for a name the renderer should not have asked for. */
function sourceOf(key: string) {
  if (!Object.hasOwn(sources, key)) throw new Error(`the renderer asked for unknown page data "${key}"`);
  return sources[key as keyof PageData];
}

/**
 * Reads the page data `keys` names. Rejects when any read fails or a key is unknown: the caller
 * then serves the client-rendered shell, which fetches the data itself, and caches nothing.
 */
export async function loadPageData(services: PageServices, keys: readonly string[]): Promise<PageData> {
  const entries = await Promise.all(keys.map(async (key) => [key, await sourceOf(key).read(services)] as const));
  return Object.fromEntries(entries) as PageData;
}

/**
 * Which version of the data `keys` names a read now sees: a page rendered from it stays valid
 * while this is unchanged ('' for a page without data, valid for the process lifetime). Null
 * when any of it is not watched for changes right now: a page rendered then must not be kept.
 */
export function pageDataVersion(services: PageServices, keys: readonly string[]): string | null {
  const parts: number[] = [];
  for (const key of keys) {
    const version = sourceOf(key).version(services);
    if (version === null) return null;
    parts.push(version);
  }
  return parts.join('.');
}
