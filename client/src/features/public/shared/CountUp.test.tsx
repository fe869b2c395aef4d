import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { act, screen } from '@testing-library/react';
import { CountUp } from './CountUp';
import { mockReducedMotion } from '../../../test/reducedMotion';

describe('CountUp', () => {
  afterEach(() => jest.useRealTimers());

  it('renders the start value first, then counts up to the final value in 0.9 s', () => {
    jest.useFakeTimers();
    renderWithProviders(<CountUp from={20} to={500} suffix="+" testId="counter" />);
    const counter = screen.getByTestId('counter');
    expect(counter.textContent).toBe('20+');
    // Screen readers only ever get the final value.
    expect(counter.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('500+', { selector: 'span:not([data-testid])' })).toBeTruthy();

    act(() => jest.advanceTimersByTime(450));
    const midway = Number(counter.textContent?.replace('+', ''));
    expect(midway).toBeGreaterThan(20);
    expect(midway).toBeLessThan(500);

    act(() => jest.advanceTimersByTime(600));
    expect(counter.textContent).toBe('500+');
  });

  it('shows the final value at once under prefers-reduced-motion', () => {
    const restore = mockReducedMotion(true);
    try {
      renderWithProviders(<CountUp from={1} to={25} suffix="M+" testId="counter" />);
      expect(screen.getByTestId('counter').textContent).toBe('25M+');
    } finally {
      restore();
    }
  });
});

describe('CountUp in another language', () => {
  it('writes the number as the page’s language does', () => {
    const restore = mockReducedMotion(true);
    try {
      renderWithProviders(<CountUp from={20} to={12500} suffix="+" testId="counter" />, { locale: 'de' });
      expect(screen.getByTestId('counter').textContent).toBe('12.500+');
      expect(screen.getByText('12.500+', { selector: 'span:not([data-testid])' })).toBeTruthy();
    } finally {
      restore();
    }
  });
});
