import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Loader } from '../components/Loader';
import { HomePage } from '../features/public/home/HomePage';
import { AppRoot } from './AppRoot';
import { ErrorPage } from './ErrorPage';
import { GuestOnly } from './guards/GuestOnly';
import { RequireResetToken } from './guards/RequireResetToken';
import { PublicLayout } from './layouts/PublicLayout';
import * as Pages from './lazyPages';

/** Shown while a lazily loaded area layout (dashboard, admin) is fetched. */
const areaFallback = <Loader fullScreen />;

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
              { index: true, element: <HomePage /> },
              { path: 'about', element: <Pages.AboutPage /> },
              { path: 'terms', element: <Pages.TermsPage /> },
              {
                // Talks to the API: rendered in the browser only (see entry-server.tsx).
                handle: { clientOnly: true },
                element: <Pages.ApolloOutlet />,
                children: [
                  { path: 'contact', element: <Pages.ContactPage /> },
                  { path: 'services', element: <Pages.ServicesPage /> },
                  {
                    element: <GuestOnly />,
                    children: [
                      { path: 'login', element: <Pages.LoginPage /> },
                      { path: 'register', element: <Pages.RegisterPage /> },
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
              { path: '*', element: <Pages.NotFoundPage /> },
            ],
          },
        ],
      },
      {
        // Dashboard and admin talk to the API from their guard on, so Apollo wraps both areas.
        handle: { clientOnly: true },
        element: (
          <Suspense fallback={areaFallback}>
            <Pages.ApolloOutlet />
          </Suspense>
        ),
        children: [
          {
            path: 'dashboard',
            element: (
              <Pages.RequireUserType type="INVESTOR">
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
              <Pages.RequireUserType type="ADMIN">
                <Suspense fallback={areaFallback}>
                  <Pages.AdminLayout />
                </Suspense>
              </Pages.RequireUserType>
            ),
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  { index: true, element: <Pages.UsersPage /> },
                  { path: 'users', element: <Pages.UsersPage /> },
                  { path: 'accounts', element: <Pages.AccountsPage /> },
                  { path: 'transactions', element: <Pages.AdminTransactionsPage /> },
                  { path: 'settlements', element: <Pages.SettlementsPage /> },
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
