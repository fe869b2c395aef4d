import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { PlansDocument, type PlansQuery } from '../../../generated/graphql';
import { ServicesPage } from './ServicesPage';

/** The four plans as the server seeds them (SPEC §3), with the server's decimal strings. */
const plans: PlansQuery['plans'] = [
  { id: '1', name: 'Starter', minAmount: '150.00', maxAmount: '4999.00', profitPercent: '10.00', durationHours: 24 },
  { id: '2', name: 'Premium', minAmount: '5000.00', maxAmount: '10000.00', profitPercent: '25.00', durationHours: 24 },
  { id: '3', name: 'Gold', minAmount: '10000.00', maxAmount: '30000.00', profitPercent: '50.00', durationHours: 24 },
  { id: '4', name: 'Platinum', minAmount: '30000.00', maxAmount: null, profitPercent: '65.00', durationHours: 24 },
];

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(<ServicesPage />, { mocks, route: '/services' });
}

describe('ServicesPage', () => {
  it('shows the trading services under one h1, without waiting for the API', async () => {
    renderPage([{ request: { query: PlansDocument }, error: new Error('Network down') }]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Our services']);
    const services = screen.getByRole('region', { name: 'Trading services' });
    for (const name of [
      'Binary trading',
      'Forex trading',
      '24/7 customer support',
      'Stable deposits and withdrawals',
    ]) {
      expect(within(services).getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(screen.getByRole('region', { name: 'Investment plans' })).toBeTruthy();
    await screen.findByRole('alert'); // the plans request settles inside the test
  });

  it('shows each plan with its formatted range, profit and duration', async () => {
    renderPage([
      {
        request: { query: PlansDocument },
        result: { data: { plans: plans.map((plan) => ({ __typename: 'Plan', ...plan })) } },
      },
    ]);

    expect(screen.getByRole('heading', { level: 2, name: 'Investment plans' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy(); // spinner while loading

    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByRole('heading', { level: 3, name: 'Starter' })).toBeTruthy();
    expect(within(starter).getByText('$150 – $4,999')).toBeTruthy();
    expect(within(starter).getByText('10% profit')).toBeTruthy();
    expect(within(starter).getByText('24 hrs')).toBeTruthy();

    expect(within(screen.getByRole('article', { name: 'Premium' })).getByText('$5,000 – $10,000')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Gold' })).getByText('$10,000 – $30,000')).toBeTruthy();
    const platinum = screen.getByRole('article', { name: 'Platinum' });
    expect(within(platinum).getByText('$30,000+')).toBeTruthy();
    expect(within(platinum).getByText('65% profit')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an error message when the plans cannot be loaded', async () => {
    renderPage([{ request: { query: PlansDocument }, error: new Error('Network down') }]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the investment plans");
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('ServicesPage in German', () => {
  it('shows the services and each plan with German money, percent and duration', async () => {
    renderWithProviders(<ServicesPage />, {
      route: '/services',
      locale: 'de',
      mocks: [
        {
          request: { query: PlansDocument },
          result: { data: { plans: plans.map((plan) => ({ __typename: 'Plan', ...plan })) } },
        },
      ],
    });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Unsere Leistungen']);
    const services = screen.getByRole('region', { name: 'Handelsleistungen' });
    expect(within(services).getByRole('heading', { level: 3, name: 'Forex-Handel' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Anlagetarife' })).toBeTruthy();
    expect(within(screen.getByRole('status')).getByLabelText('Tarife werden geladen')).toBeTruthy();

    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('150 $ – 4.999 $')).toBeTruthy();
    expect(within(starter).getByText('10 % Gewinn')).toBeTruthy();
    expect(within(starter).getByText('24 Std.')).toBeTruthy();
    const cta = within(starter).getByRole('link', { name: 'Mit dem Tarif Starter starten' });
    expect(cta.textContent).toBe('Jetzt starten');
    expect(cta.getAttribute('href')).toBe('/register');
    const platinum = screen.getByRole('article', { name: 'Platinum' });
    expect(within(platinum).getByText('ab 30.000 $')).toBeTruthy();
  });

  it('says in Spanish that the plans could not be loaded', async () => {
    renderWithProviders(<ServicesPage />, {
      route: '/services',
      locale: 'es',
      mocks: [{ request: { query: PlansDocument }, error: new Error('Network down') }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido cargar los planes de inversión');
  });
});
