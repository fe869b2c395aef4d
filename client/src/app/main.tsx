import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { configureApollo } from './apolloSettings';
import { AppProviders } from './AppProviders';
import { env } from './env';
import { createAppRouter, preloadRoutePages } from './router';
import { readInlinedSiteConfig } from './site';

/*
 * Composition root: the one module that reads the build env. It tells the (lazily loaded)
 * Apollo client where the API is and where the 401 rule goes, then mounts the app: hydrating
 * the HTML the server pre-rendered for public pages, or rendering from scratch elsewhere.
 */
const router = createAppRouter();
configureApollo({ uri: env.graphqlUrl, dev: env.dev, goHome: () => void router.navigate('/', { replace: true }) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders site={readInlinedSiteConfig()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (container.firstElementChild) {
  // Server-rendered page: fetch its lazy route components first, so hydration adopts the HTML.
  void preloadRoutePages(window.location.pathname).finally(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
