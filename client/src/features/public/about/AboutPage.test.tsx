import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@cryptovest/common';
import { act, screen, within } from '@testing-library/react';
import { SiteProvider } from '../../../app/site/site';
import { AboutPage } from './AboutPage';

function renderAbout(figures: Partial<SiteConfig['figures']> = {}) {
  return renderWithProviders(
    <SiteProvider value={{ ...DEFAULT_SITE_CONFIG, figures: { ...DEFAULT_SITE_CONFIG.figures, ...figures } }}>
      <AboutPage />
    </SiteProvider>,
  );
}

describe('AboutPage', () => {
  afterEach(() => jest.useRealTimers());

  it('has the ABOUT US hero, the quality cards, Mission and What we do', () => {
    renderAbout();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['ABOUT US']);
    const quality = screen.getByRole('region', { name: 'We take care of our quality' });
    expect(
      within(quality)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Best trading platform', 'Comfortable ecosystem', 'Trusted security with 256 bit SSL']);
    expect(screen.getByRole('region', { name: 'Our mission' }).textContent).toContain('blockchain');
    expect(screen.getByRole('region', { name: 'What we do' }).textContent).toContain('automated trading software');
  });

  it('counts from 20 and 1 up to the configured figures', () => {
    jest.useFakeTimers();
    renderAbout({ activeInvestors: 750, profitRaisedMillions: 40 });
    const numbers = screen.getByRole('region', { name: 'Number speaks' });
    const investors = within(numbers).getByTestId('counter-investors');
    const profit = within(numbers).getByTestId('counter-profit');
    expect([investors.textContent, profit.textContent]).toEqual(['20+', '1M+']);
    act(() => jest.advanceTimersByTime(1000));
    expect([investors.textContent, profit.textContent]).toEqual(['750+', '40M+']);
    expect(numbers.textContent).toContain('Active investors');
    expect(numbers.textContent).toContain('Profit raised');
  });
});

describe('AboutPage in German', () => {
  afterEach(() => jest.useRealTimers());

  it('has the German headings and counts up to figures written the German way', () => {
    jest.useFakeTimers();
    renderWithProviders(
      <SiteProvider
        value={{ ...DEFAULT_SITE_CONFIG, figures: { ...DEFAULT_SITE_CONFIG.figures, activeInvestors: 1500 } }}
      >
        <AboutPage />
      </SiteProvider>,
      { locale: 'de' },
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['ÜBER UNS']);
    const quality = screen.getByRole('region', { name: 'Qualität liegt uns am Herzen' });
    expect(within(quality).getByRole('heading', { level: 3, name: 'Sicher mit 256-Bit-SSL' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Unsere Mission' }).textContent).toContain('Blockchain');
    expect(screen.getByRole('region', { name: 'Was wir tun' })).toBeTruthy();
    const numbers = screen.getByRole('region', { name: 'Zahlen sprechen' });
    act(() => jest.advanceTimersByTime(1000));
    expect(within(numbers).getByTestId('counter-investors').textContent).toBe('1.500+');
    expect(numbers.textContent).toContain('Aktive Anleger');
    expect(numbers.textContent).toContain('Erzielter Gewinn');
  });
});
