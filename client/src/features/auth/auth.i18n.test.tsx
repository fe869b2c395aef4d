import { renderWithProviders } from '../../test/render'; // first: loads the jsdom polyfills
import { CATALOGUES, COUNTRIES } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router';
import { ResendOtpDocument, SignInDocument, VerifyResetCodeDocument } from '../../generated/graphql';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';
import { ResendOtpButton } from './components/ResendOtpButton';
import { LoginPage } from './login/LoginPage';
import { PENDING_EMAIL_KEY } from './pendingEmail';
import { countryOptions, RegisterPage } from './register/RegisterPage';
import { ResetPasswordPage } from './reset-password/ResetPasswordPage';
import { VerifyEmailPage } from './verify-email/VerifyEmailPage';

const email = 'ada@example.com';
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the sign-in pages in German and Spanish (issue 39)', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

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

  it('asks for the second factor in Spanish', async () => {
    const credentials = { email, password: 'correct horse' };
    renderWithProviders(<LoginPage />, {
      route: '/login',
      locale: 'es',
      mocks: [
        {
          request: { query: SignInDocument, variables: credentials },
          result: {
            data: {
              signIn: {
                __typename: 'SignInResult',
                session: null,
                secondFactor: {
                  __typename: 'SecondFactorChallenge',
                  ticket: 't1',
                  expiresAt: '2030-01-01T00:05:00.000Z',
                  methods: ['TOTP', 'RECOVERY_CODE'],
                },
              },
            },
          },
        },
      ],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Contraseña', { selector: 'input' }), {
      target: { value: credentials.password },
    });
    await waitFor(() => expect(button('Iniciar sesión').disabled).toBe(false));
    fireEvent.click(button('Iniciar sesión'));

    expect(await screen.findByRole('textbox', { name: 'Código de autenticación' })).toBeTruthy();
    expect(screen.getByText('Verificación en dos pasos: introduce el código de tu app de autenticación.')).toBeTruthy();
    expect(screen.getByText('Introduce el código de 6 dígitos de tu app de autenticación')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Usar un código de recuperación' })).toBeTruthy();
    expect(button('Volver al correo y la contraseña')).toBeTruthy();
  });

  it('names the countries in the reader’s language, in its order, and keeps the ISO code as the value', () => {
    renderWithProviders(<RegisterPage />, { route: '/register', locale: 'es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'País' });
    const germany = within(select).getByRole<HTMLOptionElement>('option', { name: 'Alemania' });
    expect(germany.value).toBe('DE');
    fireEvent.change(select, { target: { value: germany.value } });
    expect((select as HTMLSelectElement).value).toBe('DE');
    expect(screen.getByRole('checkbox', { name: 'Acepto las Condiciones de uso' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Condiciones de uso' }).getAttribute('href')).toBe('/terms');

    const inSpanish = (name: string) => CATALOGUES.es.countries[name] ?? name;
    const names = countryOptions('es', inSpanish).map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es-ES').compare)); // Spanish order
    expect(names.slice(0, 3)).toEqual(['Afganistán', 'Albania', 'Alemania']);
    const inGerman = (name: string) => CATALOGUES.de.countries[name] ?? name;
    expect(countryOptions('de', inGerman).find((c) => c.code === 'US')?.name).toBe('Vereinigte Staaten');
    // English keeps the list's own names and order.
    expect(countryOptions('en', (name) => name)).toEqual([...COUNTRIES]);
  });

  it('resets a password in German: code sent, the address in bold, the resend countdown', async () => {
    renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password',
      locale: 'de',
      mocks: [
        {
          request: { query: ResendOtpDocument, variables: { email, activity: 'RESET_PASSWORD' } },
          result: { data: { resendOtp: true } },
        },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'E-Mail' }), { target: { value: email } });
    await waitFor(() => expect(button('Code senden').disabled).toBe(false));
    fireEvent.click(button('Code senden'));

    expect(await screen.findByText('Code an deine E-Mail gesendet')).toBeTruthy();
    const strong = await screen.findByText(email, { selector: 'strong' });
    expect(strong.parentElement?.textContent).toBe(`Gib den 4-stelligen Code ein, den wir an ${email} gesendet haben.`);
    expect(screen.getByRole('group', { name: 'Bestätigungscode' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ziffer 1' })).toBeTruthy();
    expect(button('Code erneut senden in 60 s').disabled).toBe(true);
    expect(button('Andere E-Mail verwenden')).toBeTruthy();
  });

  it('says a wrong reset code under the boxes in German (the shared validation message)', async () => {
    renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password',
      locale: 'de',
      mocks: [
        {
          request: { query: ResendOtpDocument, variables: { email, activity: 'RESET_PASSWORD' } },
          result: { data: { resendOtp: true } },
        },
        {
          request: { query: VerifyResetCodeDocument, variables: { email, otp: '1234' } },
          result: {
            errors: [
              {
                message: 'enter the code from your email',
                extensions: {
                  code: 'BAD_USER_INPUT',
                  fields: [{ field: 'otp', message: 'enter the code from your email' }],
                },
              },
            ],
          },
        },
      ],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-Mail' }), { target: { value: email } });
    await waitFor(() => expect(button('Code senden').disabled).toBe(false));
    fireEvent.click(button('Code senden'));
    const first = await screen.findByRole('textbox', { name: 'Ziffer 1' });
    fireEvent.paste(first, { clipboardData: { getData: () => '1234' } });
    await waitFor(() => expect(button('Bestätigen').disabled).toBe(false));
    fireEvent.click(button('Bestätigen'));
    // Under the boxes and in the toast.
    await waitFor(() => expect(screen.getAllByText('gib den Code aus deiner E-Mail ein')).toHaveLength(2));
  });

  it('verifies an e-mail in German', () => {
    window.localStorage.setItem(PENDING_EMAIL_KEY, email);
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email', locale: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'E-Mail bestätigen' })).toBeTruthy();
    expect(screen.getByText(email, { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Nicht erhalten?')).toBeTruthy();
    expect(button('Code erneut senden')).toBeTruthy();
    fireEvent.click(button('Andere E-Mail verwenden'));
    expect(
      screen.getByText('Gib deine E-Mail-Adresse und den 4-stelligen Code ein, den wir dir gesendet haben.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' }).getAttribute('href')).toBe('/login');
  });

  it('changes a password in German, saying mismatched passwords in German', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/change-password" element={<ChangePasswordPage />} />
      </Routes>,
      { route: '/change-password?token=t', locale: 'de' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeTruthy();
    expect(button('Neues Passwort anzeigen')).toBeTruthy();
    expect(button('Passwortbestätigung anzeigen')).toBeTruthy();
    const confirm = screen.getByLabelText('Passwort bestätigen', { selector: 'input' });
    fireEvent.change(screen.getByLabelText('Neues Passwort', { selector: 'input' }), {
      target: { value: 'brand new pass' },
    });
    fireEvent.change(confirm, { target: { value: 'something else' } });
    fireEvent.blur(confirm);
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Code anfordern' })).toBeTruthy();
  });

  it("says the server's wait in German", async () => {
    const refused = new GraphQLError('Too many codes', { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 42 } });
    renderWithProviders(<ResendOtpButton email={email} activity="VERIFY_EMAIL" />, {
      locale: 'de',
      mocks: [
        {
          request: { query: ResendOtpDocument, variables: { email, activity: 'VERIFY_EMAIL' } },
          result: { errors: [refused] },
        },
      ],
    });
    fireEvent.click(button('Code erneut senden'));
    expect(await screen.findByText('Bitte warte 42 s, bevor du einen neuen Code anforderst.')).toBeTruthy();
    expect(button('Code erneut senden in 42 s').disabled).toBe(true);
  });
});
