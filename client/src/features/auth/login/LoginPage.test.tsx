import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { MSG, TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SignInDocument } from '../../../generated/graphql';
import { tokenWith } from '../../../test/jwt';
import { PENDING_EMAIL_KEY } from '../pendingEmail';
import { LoginPage } from './LoginPage';

const submit = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
const credentials = { email: 'ada@example.com', password: 'correct horse' };

/** Fills the form with `credentials` and submits once the button enables. */
async function fillAndSubmit() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ` ${credentials.email} ` } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
    target: { value: credentials.password },
  });
  await waitFor(() => expect(submit().disabled).toBe(false));
  fireEvent.click(submit());
}

/** A signIn mock answering `result` to the test credentials. */
const loginMock = (result: object) => ({ request: { query: SignInDocument, variables: credentials }, result });

/** signIn's answer for an account without a second factor. */
const sessionResult = (token: string) => ({
  data: {
    signIn: {
      __typename: 'SignInResult',
      session: { __typename: 'AuthPayload', token },
      secondFactor: null,
    },
  },
});

const loginError = (message: string, code: string, fields?: object[]) => ({
  errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }],
});

describe('LoginPage', () => {
  afterEach(() => window.localStorage.clear());

  it('has the fields, links and a disabled submit until the form is valid', async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(submit().disabled).toBe(true);

    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('shows a server field error under its field and as a toast', async () => {
    const message = 'email is not allowed here';
    renderWithProviders(<LoginPage />, {
      route: '/login',
      mocks: [loginMock(loginError(message, 'BAD_USER_INPUT', [{ field: 'email', message }]))],
    });
    await fillAndSubmit();

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // helper text + toast
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
  });

  it('toasts INVALID_CREDENTIALS and stays signed out', async () => {
    renderWithProviders(<LoginPage />, {
      route: '/login',
      mocks: [loginMock(loginError('Invalid email or password', 'INVALID_CREDENTIALS'))],
    });
    await fillAndSubmit();

    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1); // toast only, no field
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    await waitFor(() => expect(submit().disabled).toBe(false)); // can try again
  });

  it('toasts a message-less error as "Something went wrong"', async () => {
    renderWithProviders(<LoginPage />, { route: '/login', mocks: [loginMock(loginError('', 'RATE_LIMITED'))] });
    await fillAndSubmit();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });

  it('sends an unverified account to /verify-email with its e-mail remembered', async () => {
    const message = 'Please verify your email first: we have sent a code to your email';
    renderWithProviders(<LoginPage />, {
      route: '/login',
      mocks: [loginMock(loginError(message, 'EMAIL_NOT_VERIFIED'))],
    });
    await fillAndSubmit();

    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verify-email'));
    expect(window.localStorage.getItem(PENDING_EMAIL_KEY)).toBe(credentials.email);
  });

  it.each([
    ['admin', '/admin'],
    ['investor', '/dashboard'],
    [undefined, '/'],
  ])('from /login, role %s lands on %s', async (role, landing) => {
    const token = tokenWith({ sub: 'u1', ...(role ? { role } : {}) });
    renderWithProviders(<LoginPage />, {
      route: '/login',
      mocks: [loginMock(sessionResult(token))],
    });
    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(landing));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it.each([
    ['expired', 'Your session expired. Sign in again.'],
    ['revoked', 'You were signed out from another device.'],
    ['password_changed', 'Your password was changed. Sign in with the new password.'],
  ])('says why the session ended (%s)', (reason, message) => {
    renderWithProviders(<LoginPage />, { route: `/login?reason=${reason}&next=/dashboard/wallet` });
    expect(screen.getByRole('status').textContent).toBe(message);
  });

  it('says nothing for a plain visit or an unknown reason', () => {
    renderWithProviders(<LoginPage />, { route: '/login?reason=hacked' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('returns to the page the session ended on after signing in again', async () => {
    const token = tokenWith({ sub: 'u1', role: 'investor' });
    renderWithProviders(<LoginPage />, {
      route: '/login?reason=revoked&next=%2Fdashboard%2Fwallet%3Ftab%3Dbtc',
      mocks: [loginMock(sessionResult(token))],
    });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/wallet?tab=btc'));
  });

  it.each(['//evil.com', 'https://evil.com/dashboard', '/\\evil.com'])(
    'ignores a return-to of another site (%s) and lands as usual',
    async (next) => {
      const token = tokenWith({ sub: 'u1', role: 'investor' });
      renderWithProviders(<LoginPage />, {
        route: `/login?next=${encodeURIComponent(next)}`,
        mocks: [loginMock(sessionResult(token))],
      });
      await fillAndSubmit();
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    },
  );

  it('does not turn empty fields red when the user only tabs through them (defect 10)', async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText('Password', { selector: 'input' });
    for (const field of [email, password, email]) {
      fireEvent.focus(field);
      fireEvent.blur(field);
    }
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('false'));
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(MSG.invalidEmail)).toBeNull();

    // Typed and left: the message shows.
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('false');
  });

  it('shown in place on a guarded page, stays on that page after login', async () => {
    const token = tokenWith({ sub: 'u1', role: 'investor' });
    renderWithProviders(<LoginPage />, {
      route: '/dashboard/wallet',
      mocks: [loginMock(sessionResult(token))],
    });
    await fillAndSubmit();

    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/wallet');
  });
});

describe('LoginPage in German', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('shows the login page in German, with why the session ended and the show-password toggle', () => {
    renderWithProviders(<LoginPage />, { route: '/login?reason=revoked', locale: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText('Willkommen zurück. Melde dich bei deinem Konto an.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Du wurdest von einem anderen Gerät aus abgemeldet.');
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Konto erstellen' }).getAttribute('href')).toBe('/register');
    fireEvent.click(button('Passwort anzeigen'));
    expect(screen.getByLabelText('Passwort', { selector: 'input' }).getAttribute('type')).toBe('text');
    expect(button('Passwort verbergen')).toBeTruthy();
    expect(button('Anmelden').disabled).toBe(true);
  });
});
