import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded page that can also be fetched ahead of rendering (see `preload`). */
export type PreloadableComponent<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * React.lazy for a module's named export (the codebase uses named exports only), props kept.
 * Once `preload()` has resolved, the page renders synchronously instead of suspending: main.tsx
 * preloads the pages of the first URL before hydrating, so server-rendered HTML is adopted as
 * is (a suspended boundary that receives an update before hydrating is thrown away instead).
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type P = M[K] extends ComponentType<infer Props> ? Props : object;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType<P>;
      return loaded;
    });
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = (props: P & object) => createElement((loaded ?? Lazy) as ComponentType<object>, props);
  Page.displayName = `Lazy(${String(name)})`;
  return Object.assign(Page, { preload }) as PreloadableComponent<P>;
}

/*
 * Route-level code splitting: every screen is its own chunk (the home page too, so other pages
 * do not evaluate its sections before hydrating), and the dashboard and admin areas (layouts
 * included) are only fetched once their guard lets the user in, so no investor or admin code
 * ever loads on a public page.
 */

/** Apollo provider for the routes that use the API (keeps GraphQL code off home and about). */
export const ApolloOutlet = lazyNamed(() => import('../api/ApolloOutlet'), 'ApolloOutlet');

/** Public pages. */
export const HomePage = lazyNamed(() => import('../../features/public/home/HomePage'), 'HomePage');
export const AboutPage = lazyNamed(() => import('../../features/public/about/AboutPage'), 'AboutPage');
export const ContactPage = lazyNamed(() => import('../../features/public/contact/ContactPage'), 'ContactPage');
export const ServicesPage = lazyNamed(() => import('../../features/public/services/ServicesPage'), 'ServicesPage');
export const TermsPage = lazyNamed(() => import('../../features/public/terms/TermsPage'), 'TermsPage');
export const NotFoundPage = lazyNamed(() => import('../../features/public/not-found/NotFoundPage'), 'NotFoundPage');

/** Guest-only pages. */
export const LoginPage = lazyNamed(() => import('../../features/auth/login/LoginPage'), 'LoginPage');
export const RegisterPage = lazyNamed(() => import('../../features/auth/register/RegisterPage'), 'RegisterPage');
export const VerifyEmailPage = lazyNamed(
  () => import('../../features/auth/verify-email/VerifyEmailPage'),
  'VerifyEmailPage',
);
export const ResetPasswordPage = lazyNamed(
  () => import('../../features/auth/reset-password/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const ChangePasswordPage = lazyNamed(
  () => import('../../features/auth/change-password/ChangePasswordPage'),
  'ChangePasswordPage',
);

/** Guard of the investor and admin areas (it queries `me`, so it lives with the API code). */
export const RequireUserType = lazyNamed(() => import('./guards/RequireUserType'), 'RequireUserType');

/** Investor area. */
export const DashboardLayout = lazyNamed(() => import('../../features/dashboard/DashboardLayout'), 'DashboardLayout');
export const OverviewPage = lazyNamed(() => import('../../features/dashboard/pages/OverviewPage'), 'OverviewPage');
export const InvestPage = lazyNamed(() => import('../../features/dashboard/pages/InvestPage'), 'InvestPage');
export const WalletPage = lazyNamed(() => import('../../features/dashboard/pages/WalletPage'), 'WalletPage');
export const TransactionsPage = lazyNamed(
  () => import('../../features/dashboard/pages/TransactionsPage'),
  'TransactionsPage',
);
export const TransactionTimelinePage = lazyNamed(
  () => import('../../features/dashboard/pages/TransactionTimelinePage'),
  'TransactionTimelinePage',
);
export const StatementsPage = lazyNamed(
  () => import('../../features/dashboard/pages/StatementsPage'),
  'StatementsPage',
);
export const StocksPage = lazyNamed(() => import('../../features/dashboard/pages/StocksPage'), 'StocksPage');
export const SettingsPage = lazyNamed(() => import('../../features/dashboard/pages/SettingsPage'), 'SettingsPage');
export const WithdrawPage = lazyNamed(() => import('../../features/dashboard/pages/WithdrawPage'), 'WithdrawPage');

/** Admin area. */
export const AdminLayout = lazyNamed(() => import('../../features/admin/AdminLayout'), 'AdminLayout');
export const AdminOverviewPage = lazyNamed(
  () => import('../../features/admin/pages/OverviewPage'),
  'AdminOverviewPage',
);
export const UsersPage = lazyNamed(() => import('../../features/admin/pages/UsersPage'), 'UsersPage');
export const AccountsPage = lazyNamed(() => import('../../features/admin/pages/AccountsPage'), 'AccountsPage');
export const AdminTransactionsPage = lazyNamed(
  () => import('../../features/admin/pages/AdminTransactionsPage'),
  'AdminTransactionsPage',
);
export const SettlementsPage = lazyNamed(() => import('../../features/admin/pages/SettlementsPage'), 'SettlementsPage');
export const AuditLogPage = lazyNamed(() => import('../../features/admin/pages/AuditLogPage'), 'AuditLogPage');
export const AdminSecurityPage = lazyNamed(
  () => import('../../features/admin/pages/AdminSecurityPage'),
  'AdminSecurityPage',
);
