import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  PasskeySignInOptionsDocument,
  SignInDocument,
  SignInWithCodeDocument,
  SignInWithPasskeyDocument,
} from '../../../generated/graphql';
import type { SecondFactorMethod } from '../../../generated/graphql';
import { tokenWith } from '../../../test/jwt';
import { PasskeyBrowserError, signWithPasskey } from '../../../components/second-factor/webauthn';
import { LoginPage } from './LoginPage';

jest.mock('../../../components/second-factor/webauthn', () => ({
  ...jest.requireActual('../../../components/second-factor/webauthn'),
  passkeysSupported: () => true,
  signWithPasskey: jest.fn(),
}));

const credentials = { email: 'ada@example.com', password: 'correct horse' };
const ticket = 'tkt-1';
const token = tokenWith({ sub: 'u1', role: 'investor' });
const submit = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** signIn answering "second factor required" with `methods`. */
const challengeMock = (methods: SecondFactorMethod[]) => ({
  request: { query: SignInDocument, variables: credentials },
  result: {
    data: {
      signIn: {
        __typename: 'SignInResult',
        session: null,
        secondFactor: {
          __typename: 'SecondFactorChallenge',
          ticket,
          expiresAt: '2030-01-01T00:05:00.000Z',
          methods,
        },
      },
    },
  },
});

/** signInWithCode answering `result` to `code`. */
const codeMock = (code: string, result: object) => ({
  request: { query: SignInWithCodeDocument, variables: { ticket, code } },
  result,
});

const signedIn = { data: { signInWithCode: { __typename: 'AuthPayload', token } } };

/** A BAD_USER_INPUT answer with `message` on `field`. */
const fieldError = (field: string, message: string) => ({
  errors: [{ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message }] } }],
});

/** Renders /login with `mocks` and passes step 1. */
async function toSecondStep(mocks: object[]) {
  renderWithProviders(<LoginPage />, { route: '/login', mocks: mocks as never });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: credentials.email } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
    target: { value: credentials.password },
  });
  await waitFor(() => expect(submit('Login').disabled).toBe(false));
  fireEvent.click(submit('Login'));
}

describe('LoginPage second step (issue 13)', () => {
  afterEach(() => {
    window.localStorage.clear();
    jest.mocked(signWithPasskey).mockReset();
  });

  it('asks for the authenticator code in the same card, focused, then lands on the dashboard', async () => {
    await toSecondStep([challengeMock(['TOTP', 'RECOVERY_CODE']), codeMock('123456', signedIn)]);

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByText(/enter the code from your authenticator app/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    fireEvent.change(code, { target: { value: '12345' } });
    await waitFor(() => expect(submit('Verify').disabled).toBe(true));
    fireEvent.change(code, { target: { value: '123 456' } }); // spaces as some apps show them
    await waitFor(() => expect(submit('Verify').disabled).toBe(false));
    fireEvent.click(submit('Verify'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('shows a wrong code under the field and as a toast, and stays signed out', async () => {
    const message = 'That code is not right. Check your authenticator app and try again.';
    await toSecondStep([challengeMock(['TOTP', 'RECOVERY_CODE']), codeMock('000000', fieldError('code', message))]);

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    fireEvent.change(code, { target: { value: '000000' } });
    await waitFor(() => expect(submit('Verify').disabled).toBe(false));
    fireEvent.click(submit('Verify'));

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // helper text + toast
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('goes back to the password step, e-mail kept, when the ticket has expired', async () => {
    const message = 'This sign-in step has expired. Enter your password again.';
    await toSecondStep([challengeMock(['TOTP', 'RECOVERY_CODE']), codeMock('123456', fieldError('ticket', message))]);

    fireEvent.change(await screen.findByRole('textbox', { name: 'Authentication code' }), {
      target: { value: '123456' },
    });
    await waitFor(() => expect(submit('Verify').disabled).toBe(false));
    fireEvent.click(submit('Verify'));

    expect(await screen.findByText(message)).toBeTruthy(); // toast
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect((email as HTMLInputElement).value).toBe(credentials.email);
    const password = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
  });

  it('signs in with a recovery code after flipping the switch', async () => {
    await toSecondStep([challengeMock(['TOTP', 'RECOVERY_CODE']), codeMock('k7wq-3mzp-x9ta', signedIn)]);

    fireEvent.click(await screen.findByRole('switch', { name: 'Use a recovery code instead' }));
    const code = await screen.findByRole('textbox', { name: 'Recovery code' });
    expect(code.getAttribute('inputmode')).toBe('text');
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: ' k7wq-3mzp-x9ta ' } });
    await waitFor(() => expect(submit('Verify').disabled).toBe(false));
    fireEvent.click(submit('Verify'));

    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token));
  });

  it('signs in with a passkey: options, the browser ceremony, then the answer', async () => {
    const options = '{"challenge":"abc","allowCredentials":[]}';
    const answer = '{"id":"cred","response":{}}';
    jest.mocked(signWithPasskey).mockResolvedValue(answer);
    await toSecondStep([
      challengeMock(['PASSKEY', 'RECOVERY_CODE']),
      {
        request: { query: PasskeySignInOptionsDocument, variables: { ticket } },
        result: { data: { passkeySignInOptions: options } },
      },
      {
        request: { query: SignInWithPasskeyDocument, variables: { ticket, response: answer } },
        result: { data: { signInWithPasskey: { __typename: 'AuthPayload', token } } },
      },
    ]);

    // No authenticator app: the recovery code field is the code field, no switch.
    expect(await screen.findByRole('textbox', { name: 'Recovery code' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));

    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token));
    expect(signWithPasskey).toHaveBeenCalledWith(options);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });

  it('toasts a cancelled passkey and stays on the step', async () => {
    jest.mocked(signWithPasskey).mockRejectedValue(new PasskeyBrowserError('The passkey request was cancelled.'));
    await toSecondStep([
      challengeMock(['TOTP', 'PASSKEY', 'RECOVERY_CODE']),
      {
        request: { query: PasskeySignInOptionsDocument, variables: { ticket } },
        result: { data: { passkeySignInOptions: '{}' } },
      },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('The passkey request was cancelled.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('LoginPage second step in Spanish', () => {
  it('asks for the second factor in Spanish', async () => {
    renderWithProviders(<LoginPage />, {
      route: '/login',
      locale: 'es',
      mocks: [challengeMock(['TOTP', 'RECOVERY_CODE'])],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), {
      target: { value: credentials.email },
    });
    fireEvent.change(screen.getByLabelText('Contraseña', { selector: 'input' }), {
      target: { value: credentials.password },
    });
    await waitFor(() => expect(submit('Iniciar sesión').disabled).toBe(false));
    fireEvent.click(submit('Iniciar sesión'));

    expect(await screen.findByRole('textbox', { name: 'Código de autenticación' })).toBeTruthy();
    expect(screen.getByText('Verificación en dos pasos: introduce el código de tu app de autenticación.')).toBeTruthy();
    expect(screen.getByText('Introduce el código de 6 dígitos de tu app de autenticación')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Usar un código de recuperación' })).toBeTruthy();
    expect(submit('Volver al correo y la contraseña')).toBeTruthy();
  });
});
