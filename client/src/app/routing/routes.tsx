import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loader } from '../../components/Loader';
import { AppRoot } from './AppRoot';
import { ErrorPage } from './ErrorPage';
import { GuestOnly } from './guards/GuestOnly';
import { RequireResetToken } from './guards/RequireResetToken';
import { PublicLayout } from './layouts/PublicLayout';
import * as Pages from './lazyPages';
import type { RouteHandle } from '../ssr/routeHandle';

/** Shown while a lazily loaded area layout (dashboard, admin) is fetched. */
const areaFallback = <Loader fullScreen />;

/**
 * Loader in the public layout while a browser-only page (and Apollo) is fetched. Server-rendered
 * pages get no Suspense boundary: React hydrates a boundary's content in a second pass, which any
 * context update after mount (MUI reads the colour scheme then) forces to run at once, in one
 * long task; without one the whole page hydrates in the first, interruptible pass (main.tsx).
 * Navigations need none: react-router runs them as transitions, which keep the current page
 * until the next one is ready.
 */
const pageFallback = (
  <Suspense fallback={<Loader />}>
    <Outlet />
  </Suspense>
);

/**
 * Every route of SPEC §2. Each layout has a pathless child carrying the errorElement, so a
 * failing page shows "Unexpected Application Error!" inside its layout; the root catches the rest.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { index: true, element: <Pages.HomePage /> },
              { path: 'about', element: <Pages.AboutPage /> },
              { path: 'terms', element: <Pages.TermsPage /> },
              // Forms that only send (useDeferredMutation): Apollo's code loads when they are
              // first sent, not before they hydrate. (Guards show the login page in place under
              // ApolloOutlet too: there it sends with that client.)
              { path: 'contact', element: <Pages.ContactPage /> },
              {
                // The server renders the guest form; a signed-in browser then moves on.
                element: <GuestOnly />,
                children: [
                  { path: 'login', element: <Pages.LoginPage /> },
                  { path: 'register', element: <Pages.RegisterPage /> },
                ],
              },
              {
                // Talks to the API, so Apollo wraps it. Server-rendered like the pages above; the
                // plans /services lists are read by the server and seed Apollo's cache.
                element: <Pages.ApolloOutlet />,
                children: [
                  {
                    path: 'services',
                    element: <Pages.ServicesPage />,
                    handle: { data: ['plans'] } satisfies RouteHandle,
                  },
                ],
              },
              {
                // Steps that start from what this browser remembers (the e-mail being verified,
                // the reset token): rendered in the browser only, with a loader meanwhile.
                handle: { clientOnly: true } satisfies RouteHandle,
                element: pageFallback,
                children: [
                  {
                    element: <Pages.ApolloOutlet />,
                    children: [
                      {
                        element: <GuestOnly />,
                        children: [
                          { path: 'verify-email', element: <Pages.VerifyEmailPage /> },
                          { path: 'reset-password', element: <Pages.ResetPasswordPage /> },
                          {
                            path: 'change-password',
                            element: (
                              <RequireResetToken>
                                <Pages.ChangePasswordPage />
                              </RequireResetToken>
                            ),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              { path: '*', element: <Pages.NotFoundPage /> },
            ],
          },
        ],
      },
      {
        // Dashboard and admin talk to the API from their guard on, so Apollo wraps both areas.
        handle: { clientOnly: true } satisfies RouteHandle,
        element: (
          <Suspense fallback={areaFallback}>
            <Pages.ApolloOutlet />
          </Suspense>
        ),
        children: [
          {
            path: 'dashboard',
            element: (
              <Pages.RequireUserType type="INVESTOR" signIn={<Pages.LoginPage />}>
                <Suspense fallback={areaFallback}>
                  <Pages.DashboardLayout />
                </Suspense>
              </Pages.RequireUserType>
            ),
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  { index: true, element: <Pages.OverviewPage /> },
                  { path: 'invest', element: <Pages.InvestPage /> },
                  { path: 'wallet', element: <Pages.WalletPage /> },
                  { path: 'transactions', element: <Pages.TransactionsPage /> },
                  { path: 'transactions/:id', element: <Pages.TransactionTimelinePage /> },
                  { path: 'statements', element: <Pages.StatementsPage /> },
                  { path: 'stocks', element: <Pages.StocksPage /> },
                  { path: 'settings', element: <Pages.SettingsPage /> },
                  { path: 'withdraw', element: <Pages.WithdrawPage /> },
                ],
              },
            ],
          },
          {
            path: 'admin',
            element: (
              <Pages.RequireUserType type="ADMIN" signIn={<Pages.LoginPage />}>
                <Suspense fallback={areaFallback}>
                  <Pages.AdminLayout />
                </Suspense>
              </Pages.RequireUserType>
            ),
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  { index: true, element: <Pages.AdminOverviewPage /> },
                  { path: 'users', element: <Pages.UsersPage /> },
                  { path: 'accounts', element: <Pages.AccountsPage /> },
                  { path: 'transactions', element: <Pages.AdminTransactionsPage /> },
                  { path: 'settlements', element: <Pages.SettlementsPage /> },
                  { path: 'audit', element: <Pages.AuditLogPage /> },
                  { path: 'security', element: <Pages.AdminSecurityPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
