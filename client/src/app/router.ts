import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser data router over the app's routes (one per page load, created by main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
