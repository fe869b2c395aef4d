import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  it('says the page is missing and links home and to support', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
  });

  it('says so in Spanish', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere', locale: 'es' });
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Página no encontrada');
    expect(screen.getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contacto' }).getAttribute('href')).toBe('/contact');
  });
});
