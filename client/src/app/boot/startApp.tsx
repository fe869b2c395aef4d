import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { configureApollo } from '../api/apolloSettings';
import { AppProviders } from './AppProviders';
import type { env as buildEnv } from './env';
import { createAppRouter, preloadRoutePages } from '../routing/router';
import { readInlinedSiteConfig } from '../site/site';
import { createI18n, type CatalogueLoader } from '../i18n/createI18n';
import { readInlinedI18nState } from '../i18n/i18nState';
import { rememberLanguage } from '../i18n/language';

/**
 * Mounts the app (called by main.tsx once the code is evaluated): sets up the page's language,
 * tells the lazily loaded
 * Apollo client where the API is and where the 401 rule goes, then hydrates the HTML the server
 * pre-rendered, or renders from scratch where it did not (client-only routes).
 */
export async function startApp(env: typeof buildEnv, loadCatalogue: CatalogueLoader): Promise<void> {
  const router = createAppRouter();
  configureApollo({
    uri: env.graphqlUrl,
    dev: env.dev,
    goHome: () => void router.navigate('/', { replace: true }),
    goTo: (path) => void router.navigate(path, { replace: true }),
  });

  // The page's language with the words its server render used; the shared namespace is loaded
  // before the first render where the page carries none (client-rendered routes).
  const state = readInlinedI18nState();
  // A `?lang=` link (what a search result or a shared link carries) is the reader's choice too.
  if (new URLSearchParams(window.location.search).has('lang')) rememberLanguage(state.locale);
  const i18n = createI18n(state, loadCatalogue);
  await i18n.loadNamespaces('common');

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const app = (
    <StrictMode>
      <AppProviders site={readInlinedSiteConfig()} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (container.firstElementChild) {
    // Server-rendered page: fetch its lazy route components first, so hydration adopts the HTML.
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead
    // of blocking the main thread for the whole page (a click meanwhile hydrates its target first).
    void preloadRoutePages(router.state.matches).finally(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
  } else {
    createRoot(container).render(app);
  }
}
