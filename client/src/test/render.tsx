import './setup'; // must stay first: polyfills needed before react-router loads
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { theme } from '../app/theme/theme';
import { ToastProvider } from '../app/toasts/ToastProvider';

/** Options of renderWithProviders. */
export interface RenderWithProvidersOptions {
  /** Apollo mocks answered by MockedProvider. */
  mocks?: MockLink.MockedResponse[];
  /** Initial URL of the in-memory router. */
  route?: string;
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

/** Renders a component inside the app's theme, toasts, a memory router and a mocked Apollo client. */
export function renderWithProviders(
  ui: ReactElement,
  { mocks = [], route = '/' }: RenderWithProvidersOptions = {},
): RenderResult {
  return render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </MockedProvider>
      </ToastProvider>
    </ThemeProvider>,
  );
}
