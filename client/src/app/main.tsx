import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './apollo';
import { AppProviders } from './AppProviders';
import { env } from './env';
import { endSession } from './logout';
import { createAppRouter } from './router';

/*
 * Composition root: the one module that reads the build env, wires the 401 rule (end the
 * session, go to /) between Apollo and the router, and mounts the app.
 */
const router = createAppRouter();
const client = createApolloClient({
  uri: env.graphqlUrl,
  dev: env.dev,
  onUnauthorized: () => endSession(client, () => void router.navigate('/', { replace: true })),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
