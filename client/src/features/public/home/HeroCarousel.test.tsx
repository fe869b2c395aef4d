import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { CAROUSEL_INTERVAL_MS } from '@cryptovest/common';
import { act, fireEvent, screen } from '@testing-library/react';
import { mockReducedMotion } from '../../../test/reducedMotion';
import { HeroCarousel } from './HeroCarousel';

/** Label of the indicator marked current, e.g. "Show slide 2". */
const current = () => document.querySelector('button[aria-current="true"]')?.getAttribute('aria-label');
const slides = () => Array.from(document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
const carousel = () => document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('HeroCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows the WAI-ARIA carousel pattern with 4 slides, only the current one exposed', () => {
    renderWithProviders(<HeroCarousel />);
    expect(carousel().tagName).toBe('SECTION');
    expect(carousel().getAttribute('aria-label')).toBe('Highlights');
    expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(
      slides().map((s) => [s.getAttribute('role'), s.hasAttribute('inert'), s.getAttribute('aria-hidden')]),
    ).toEqual([
      ['group', false, null],
      ['group', true, 'true'],
      ['group', true, 'true'],
      ['group', true, 'true'],
    ]);
    expect(screen.getAllByRole('button', { name: /^Show slide \d$/ })).toHaveLength(4);
    expect(current()).toBe('Show slide 1');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1); // hidden slides are not exposed
  });

  it('advances every 8000 ms and wraps around', () => {
    renderWithProviders(<HeroCarousel />);
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toBe('Show slide 1');
    wait(1);
    expect(current()).toBe('Show slide 2');
    expect(slides()[1].hasAttribute('inert')).toBe(false);
    expect(slides()[0].getAttribute('aria-hidden')).toBe('true');
    for (const expected of ['Show slide 3', 'Show slide 4', 'Show slide 1']) {
      wait(CAROUSEL_INTERVAL_MS);
      expect(current()).toBe(expected);
    }
  });

  it('pauses while hovered and while focus is inside, and resumes afterwards', () => {
    renderWithProviders(<HeroCarousel />);
    fireEvent.mouseEnter(carousel());
    wait(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe('Show slide 1');
    fireEvent.mouseLeave(carousel());
    wait(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Show slide 2');

    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.focusIn(next); // focus arriving from outside the carousel
    wait(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe('Show slide 2');
    expect(document.getElementById('home-hero-slides')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.focusIn(screen.getByRole('button', { name: 'Show slide 1' }), { relatedTarget: next });
    wait(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Show slide 2'); // moving inside keeps it paused
    fireEvent.focusOut(next, { relatedTarget: document.body });
    wait(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Show slide 3');
  });

  it('moves with previous, next and the indicators, and stops for good with the pause button', () => {
    renderWithProviders(<HeroCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe('Show slide 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('Show slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(current()).toBe('Show slide 3');

    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe('Show slide 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
    wait(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Show slide 4');
  });

  it('never rotates by itself under prefers-reduced-motion', () => {
    const restore = mockReducedMotion(true);
    try {
      renderWithProviders(<HeroCarousel />);
      wait(CAROUSEL_INTERVAL_MS * 3);
      expect(current()).toBe('Show slide 1');
      expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
    } finally {
      restore();
    }
  });
});

describe('HeroCarousel in German', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('labels the carousel, its slides and its controls in German', () => {
    renderWithProviders(<HeroCarousel />, { locale: 'de' });
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region.getAttribute('aria-roledescription')).toBe('Karussell');
    const groups = Array.from(document.querySelectorAll<HTMLElement>('[aria-roledescription="Folie"]'));
    expect(groups.map((s) => s.getAttribute('aria-label'))).toEqual(['1 von 4', '2 von 4', '3 von 4', '4 von 4']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Lass deine Kryptowährung mit Tarifen wachsen, die alle 24 Stunden zahlen',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Folie' }));
    expect(current()).toBe('Folie 2 zeigen');
    fireEvent.click(screen.getByRole('button', { name: 'Diashow anhalten' }));
    expect(screen.getByRole('button', { name: 'Diashow abspielen' })).toBeTruthy();
  });
});
