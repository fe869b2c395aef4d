import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen } from '@testing-library/react';
import { nextThemeMode, ThemeModeToggle } from './ThemeModeToggle';

describe('nextThemeMode', () => {
  it.each([
    ['light', ['dark', 'light', 'system']],
    ['dark', ['light', 'dark', 'system']],
  ] as const)('with a %s system, first changes the look twice, then returns to the system', (system, steps) => {
    let mode: 'system' | 'light' | 'dark' = 'system';
    const seen = steps.map(() => (mode = nextThemeMode(mode, system)));
    expect(seen).toEqual(steps);
  });
});

describe('ThemeModeToggle', () => {
  afterEach(() => window.localStorage.clear());

  it('says what it does and cycles the stored mode', () => {
    renderWithProviders(<ThemeModeToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Using system theme. Switch to dark theme' }));
    expect(window.localStorage.getItem('mui-mode')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Using dark theme. Switch to light theme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Using light theme. Switch to system theme' }));
    expect(window.localStorage.getItem('mui-mode')).toBe('system');
  });
});
