import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { MSG, TOAST } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router';
import { ResendOtpDocument, ResetPasswordDocument, VerifyResetCodeDocument } from '../../../generated/graphql';
import { ChangePasswordPage } from '../change-password/ChangePasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const email = 'ada@example.com';
const resetToken = 'r3set+token/xyz';
/** resendOtp's answer: the reset code is on its way to `email`. */
const codeSent = {
  request: { query: ResendOtpDocument, variables: { email, activity: 'RESET_PASSWORD' } },
  result: { data: { resendOtp: true } },
};

/** The words of the fields and buttons these steps use, in English and in German. */
const ENGLISH = { email: 'Email', send: 'Send code', firstDigit: 'Digit 1', verify: 'Verify' };
const GERMAN = { email: 'E-Mail', send: 'Code senden', firstDigit: 'Ziffer 1', verify: 'Bestätigen' };

/** Types `email` and sends the code once the button allows it. */
async function sendCode(words = ENGLISH) {
  fireEvent.change(screen.getByRole('textbox', { name: words.email }), { target: { value: email } });
  await waitFor(() => expect(button(words.send).disabled).toBe(false));
  fireEvent.click(button(words.send));
}

/** Sends the code, then pastes `code` into the boxes and verifies it once the button allows it. */
async function sendAndVerify(code: string, words = ENGLISH) {
  await sendCode(words);
  const first = await screen.findByRole('textbox', { name: words.firstDigit });
  fireEvent.paste(first, { clipboardData: { getData: () => code } });
  await waitFor(() => expect(button(words.verify).disabled).toBe(false));
  fireEvent.click(button(words.verify));
}

describe('password reset flow', () => {
  it('e-mail -> code -> /change-password?token=... -> new password -> /login', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>,
      {
        route: '/reset-password',
        mocks: [
          codeSent,
          {
            request: { query: VerifyResetCodeDocument, variables: { email, otp: '2468' } },
            result: { data: { verifyResetCode: { __typename: 'ResetTicket', token: resetToken } } },
          },
          {
            request: { query: ResetPasswordDocument, variables: { password: 'brand new pass', token: resetToken } },
            result: { data: { resetPassword: true } },
          },
        ],
      },
    );

    // Step 1: the e-mail.
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    expect(button('Send code').disabled).toBe(true);
    await sendCode();
    expect(await screen.findByText(TOAST.otpSent)).toBeTruthy();

    // Step 2: the code (the same CodeInput as /verify-email).
    const first = await screen.findByRole('textbox', { name: 'Digit 1' });
    expect(button('Verify').disabled).toBe(true);
    // The code was just sent: resending waits out the server's one-a-minute limit.
    expect(button('resend otp in 60 s').disabled).toBe(true);
    fireEvent.paste(first, { clipboardData: { getData: () => '2468' } });
    await waitFor(() => expect(button('Verify').disabled).toBe(false));
    fireEvent.click(button('Verify'));

    // Step 3: the new password, with the token from the URL.
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    expect(screen.getByTestId('location').textContent).toBe(`/change-password?token=${encodeURIComponent(resetToken)}`);
    const password = screen.getByLabelText('New password', { selector: 'input' });
    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'brand new pass' } });
    fireEvent.change(confirm, { target: { value: 'brand new pas' } });
    fireEvent.blur(confirm);
    expect(await screen.findByText(MSG.passwordsDontMatch)).toBeTruthy();
    expect(button('Change password').disabled).toBe(true);

    fireEvent.change(confirm, { target: { value: 'brand new pass' } });
    await waitFor(() => expect(button('Change password').disabled).toBe(false));
    fireEvent.click(button('Change password'));

    expect(await screen.findByText(TOAST.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('after a wrong code the boxes are emptied and focused, so the next code can be typed and sent at once', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/change-password" element={<h1>Change password</h1>} />
      </Routes>,
      {
        route: '/reset-password',
        mocks: [
          codeSent,
          {
            request: { query: VerifyResetCodeDocument, variables: { email, otp: '1111' } },
            result: {
              errors: [
                new GraphQLError(MSG.invalidCode, {
                  extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'otp', message: MSG.invalidCode }] },
                }),
              ],
            },
          },
          {
            request: { query: VerifyResetCodeDocument, variables: { email, otp: '2468' } },
            result: { data: { verifyResetCode: { __typename: 'ResetTicket', token: resetToken } } },
          },
        ],
      },
    );
    await sendAndVerify('1111');

    expect(await screen.findAllByText(MSG.invalidCode)).not.toHaveLength(0);
    const digits = [1, 2, 3, 4].map((n) => screen.getByRole('textbox', { name: `Digit ${n}` }) as HTMLInputElement);
    await waitFor(() => expect(digits.map((d) => d.value)).toEqual(['', '', '', '']));
    await waitFor(() => expect(document.activeElement).toBe(digits[0]));

    fireEvent.paste(digits[0], { clipboardData: { getData: () => '2468' } });
    await waitFor(() => expect(button('Verify').disabled).toBe(false));
    fireEvent.click(button('Verify'));
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
  });
});

describe('password reset in German', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('resets a password in German: code sent, the address in bold, the resend countdown', async () => {
    renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password',
      locale: 'de',
      mocks: [codeSent],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeTruthy();
    await sendCode(GERMAN);

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
        codeSent,
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
    await sendAndVerify('1234', GERMAN);
    // Under the boxes and in the toast.
    await waitFor(() => expect(screen.getAllByText('gib den Code aus deiner E-Mail ein')).toHaveLength(2));
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
});
