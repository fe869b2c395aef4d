import './setup'; // must stay first: polyfills needed before react-router loads
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';

/** Options of renderWithProviders. */
export interface RenderWithProvidersOptions {
  /** Apollo mocks answered by MockedProvider. */
  mocks?: MockLink.MockedResponse[];
  /** Initial URL of the in-memory router. */
  route?: string;
}

/** Renders a component inside the app's theme, a memory router and a mocked Apollo client. */
export function renderWithProviders(
  ui: ReactElement,
  { mocks = [], route = '/' }: RenderWithProvidersOptions = {},
): RenderResult {
  return render(
    <ThemeProvider theme={theme}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </MockedProvider>
    </ThemeProvider>,
  );
}
