import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { markEnrolmentRequired } from '../../../app/session/enrolmentGate';
import { clearToken, setToken } from '../../../app/session/session';
import { mySecurityMock, securityStatus } from '../../../test/securityFixtures';
import { AdminLayout } from '../AdminLayout';
import { AdminSecurityPage } from '../pages/AdminSecurityPage';
import { EnrolmentNotice } from './EnrolmentNotice';

/** The admin area with a stand-in Users page. */
const adminArea = (
  <Routes>
    <Route path="/admin" element={<AdminLayout />}>
      <Route path="users" element={<p>Users page</p>} />
      <Route path="security" element={<AdminSecurityPage />} />
    </Route>
  </Routes>
);
const enrolled = securityStatus({ required: true, totpEnabled: true, recoveryCodesLeft: 10 });

describe('the admin area in German', () => {
  afterEach(() => clearToken());

  it('names the sidebar and its entries in German', async () => {
    setToken('proven.admin.token');
    renderWithProviders(adminArea, { route: '/admin/users', mocks: [mySecurityMock(enrolled)], locale: 'de' });
    expect(await screen.findByText('Users page')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Verwaltung' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent)
        .filter((text) => text !== 'CryptoVest'),
    ).toEqual(['Übersicht', 'Nutzer', 'Konten', 'Transaktionen', 'Zur Abrechnung fällig', 'Audit-Log', 'Sicherheit']);
  });

  it('asks in German to sign in again when the session has no second factor', async () => {
    setToken('old.admin.token');
    markEnrolmentRequired('old.admin.token');
    renderWithProviders(adminArea, {
      route: '/admin/users',
      mocks: [mySecurityMock(enrolled), mySecurityMock(enrolled)],
      locale: 'de',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/security'));
    expect(await screen.findByText('Melde dich erneut mit deinem zweiten Faktor an')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut anmelden' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sicherheit' })).toBeTruthy();
  });

  it('says in Spanish why the back office is locked, and that it is open once a factor is on', () => {
    const { unmount } = renderWithProviders(<EnrolmentNotice confinement="enrol" wasConfined={false} />, {
      locale: 'es',
    });
    expect(screen.getByText('Configura la verificación en dos pasos para continuar')).toBeTruthy();
    expect(screen.getByText(/^Los administradores deben usar la verificación en dos pasos\./)).toBeTruthy();
    unmount();
    renderWithProviders(<EnrolmentNotice confinement="open" wasConfined />, { locale: 'es' });
    expect(screen.getByText('La verificación en dos pasos está activada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Usuarios' }).getAttribute('href')).toBe('/admin/users');
  });
});
