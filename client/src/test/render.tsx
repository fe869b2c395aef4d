import './setup'; // must stay first: polyfills needed before react-router loads
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@cryptovest/common';
import { theme } from '../app/theme/theme';
import { ToastProvider } from '../app/toasts/ToastProvider';
import { testI18n } from './i18n';

/** Options of renderWithProviders. */
export interface RenderWithProvidersOptions {
  /** Apollo mocks answered by MockedProvider. */
  mocks?: MockLink.MockedResponse[];
  /** Initial URL of the in-memory router. */
  route?: string;
  /** The page's language (English, the specification's wording, by default). */
  locale?: Locale;
}

/** Shows the router's current URL (path + query) as `data-testid="location"`, to assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <div data-testid="location" hidden>
      {`${pathname}${search}`}
    </div>
  );
}

/** Renders a component inside the app's language (English unless asked), theme, toasts, a memory router and a mocked Apollo client. */
export function renderWithProviders(
  ui: ReactElement,
  { mocks = [], route = '/', locale = 'en' }: RenderWithProvidersOptions = {},
): RenderResult {
  return render(
    <I18nextProvider i18n={testI18n(locale)}>
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <MockedProvider mocks={mocks}>
            <MemoryRouter initialEntries={[route]}>
              {ui}
              <LocationProbe />
            </MemoryRouter>
          </MockedProvider>
        </ToastProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}
