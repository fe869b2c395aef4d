import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { markEnrolmentRequired } from '../../../app/session/enrolmentGate';
import { clearToken, setToken } from '../../../app/session/session';
import {
  AddPasskeyDocument,
  ApiKeysDocument,
  PasskeyRegistrationOptionsDocument,
  SendEnrolmentCodeDocument,
} from '../../../generated/graphql';
import { mySecurityMock, securityStatus } from '../../../test/securityFixtures';
import { createPasskey } from '../../../components/second-factor/webauthn';
import { AdminLayout } from '../AdminLayout';
import { AdminSecurityPage } from '../pages/AdminSecurityPage';
import { EnrolmentNotice } from './EnrolmentNotice';

/** The ten recovery codes a first passkey brings. */
const FIRST_CODES = Array.from({ length: 10 }, (_, i) => `code-${i}aa-bbbb`);

jest.mock('../../../components/second-factor/webauthn', () => ({
  ...jest.requireActual('../../../components/second-factor/webauthn'),
  passkeysSupported: () => true,
  createPasskey: jest.fn(),
}));

/** The admin area with a stand-in Users page. */
const adminArea = (
  <Routes>
    <Route path="/admin" element={<AdminLayout />}>
      <Route path="users" element={<p>Users page</p>} />
      <Route path="security" element={<AdminSecurityPage />} />
    </Route>
  </Routes>
);

const nav = (name = 'Admin') => screen.getByRole('navigation', { name });
/** The entries of the sidebar named `navName` (its brand link aside). */
const entries = (navName?: string) =>
  within(nav(navName))
    .getAllByRole('link')
    .map((a) => a.textContent)
    .filter((text) => text !== 'CryptoVest');
const noKeys = { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [] } } };
/** An admin with an authenticator app set up. */
const enrolled = securityStatus({ required: true, totpEnabled: true, recoveryCodesLeft: 10 });

describe('the admin second-factor rule (issue 13)', () => {
  afterEach(() => {
    clearToken();
    jest.mocked(createPasskey).mockReset();
  });

  it('keeps an admin without a second factor on the security page, then opens the back office after a passkey and the mailed enrolment code', async () => {
    setToken('unproven.admin.token');
    const answer = '{"id":"cred","response":{}}';
    jest.mocked(createPasskey).mockResolvedValue(answer);
    const passkey = {
      __typename: 'Passkey',
      id: 'p1',
      name: 'Work laptop',
      createdAt: '2026-03-04T10:00:00.000Z',
      lastUsedAt: null,
    };
    renderWithProviders(adminArea, {
      route: '/admin/users',
      mocks: [
        mySecurityMock(securityStatus({ required: true })),
        {
          request: { query: PasskeyRegistrationOptionsDocument },
          result: { data: { passkeyRegistrationOptions: '{}' } },
        },
        {
          request: {
            query: AddPasskeyDocument,
            variables: { name: 'Work laptop', response: answer, enrolmentCode: 'abcd-efgh-jkmn-pqrs' },
          },
          result: {
            data: {
              addPasskey: {
                __typename: 'PasskeyEnrolment',
                passkey,
                recoveryCodes: FIRST_CODES,
                session: { __typename: 'AuthPayload', token: 'proven.admin.token' },
              },
            },
          },
        },
        mySecurityMock(securityStatus({ required: true, passkeys: [passkey] })),
        noKeys,
        {
          request: { query: SendEnrolmentCodeDocument },
          result: {
            data: { sendEnrolmentCode: { __typename: 'EnrolmentCodeSent', expiresAt: '2026-03-05T10:00:00.000Z' } },
          },
        },
      ],
    });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/security'));
    expect(await screen.findByText(/Administrators must use two-factor sign-in/)).toBeTruthy();
    expect(screen.queryByText('Users page')).toBeNull();
    expect(entries()).toEqual(['Security']);
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull(); // refused until enrolled

    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Passkey name' }), {
      target: { value: 'Work laptop' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    // The password alone is not enough for an admin's first factor: the enrolment code is asked too.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Enrolment code' })).toBeTruthy());
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText('We sent an enrolment code to your e-mail')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Enrolment code' }), {
      target: { value: ' abcd-efgh-jkmn-pqrs ' },
    });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    expect(await screen.findByText('Two-factor sign-in is on')).toBeTruthy();
    // The first factor brings the recovery codes, shown this once.
    expect(await screen.findByText(FIRST_CODES[9])).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('proven.admin.token');
    expect(createPasskey).toHaveBeenCalledWith('{}');
    expect(screen.getByText('Work laptop')).toBeTruthy();
    expect(within(nav()).getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Go to Users' }));
    expect(await screen.findByText('Users page')).toBeTruthy();
  });

  it('asks to sign in again when the server refused a session although a factor is set up', async () => {
    setToken('old.admin.token');
    markEnrolmentRequired('old.admin.token'); // as the Apollo error link records a 403
    renderWithProviders(adminArea, {
      route: '/admin/users',
      mocks: [mySecurityMock(enrolled), mySecurityMock(enrolled)],
    });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/security'));
    expect(await screen.findByText('Sign in again with your second factor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('lets an enrolled admin through, with Security in the sidebar', async () => {
    setToken('proven.admin.token');
    renderWithProviders(adminArea, {
      route: '/admin/users',
      mocks: [mySecurityMock(enrolled)],
    });
    expect(await screen.findByText('Users page')).toBeTruthy();
    expect(entries()).toEqual([
      'Overview',
      'Users',
      'Accounts',
      'Transactions',
      'Due for settlement',
      'Audit log',
      'Security',
    ]);
  });
});

describe('the admin area in German', () => {
  afterEach(() => clearToken());

  it('names the sidebar and its entries in German', async () => {
    setToken('proven.admin.token');
    renderWithProviders(adminArea, { route: '/admin/users', mocks: [mySecurityMock(enrolled)], locale: 'de' });
    expect(await screen.findByText('Users page')).toBeTruthy();
    expect(entries('Verwaltung')).toEqual([
      'Übersicht',
      'Nutzer',
      'Konten',
      'Transaktionen',
      'Zur Abrechnung fällig',
      'Audit-Log',
      'Sicherheit',
    ]);
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
