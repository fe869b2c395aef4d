import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOAST, TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ResendOtpDocument, VerifyEmailDocument } from '../../../generated/graphql';
import { tokenWith } from '../../../test/jwt';
import { VerifyEmailPage } from '../verify-email/VerifyEmailPage';
import { PENDING_EMAIL_KEY } from '../pendingEmail';

const digit = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}` }) as HTMLInputElement;
const digits = () => [1, 2, 3, 4].map((n) => digit(n).value).join('');
const verify = () => screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;

describe('CodeInput on /verify-email', () => {
  beforeEach(() => window.localStorage.setItem(PENDING_EMAIL_KEY, 'ada@example.com'));
  afterEach(() => window.localStorage.clear());

  it('fills all four boxes from a pasted code and enables Verify only with four digits', async () => {
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(digit(1).getAttribute('inputmode')).toBe('numeric');
    expect(verify().disabled).toBe(true);

    fireEvent.paste(digit(1), { clipboardData: { getData: () => 'Code: 4 8 1 5' } });
    expect(digits()).toBe('4815');
    await waitFor(() => expect(verify().disabled).toBe(false));

    // Clearing one box disables Verify again.
    fireEvent.change(digit(3), { target: { value: '' } });
    expect(digits()).toBe('485');
    await waitFor(() => expect(verify().disabled).toBe(true));
  });

  it('moves forward as digits are typed and back on Backspace in an empty box', async () => {
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email' });
    fireEvent.change(digit(1), { target: { value: '7' } });
    expect(document.activeElement).toBe(digit(2));
    fireEvent.change(digit(2), { target: { value: 'x' } }); // not a digit: ignored
    expect(digit(2).value).toBe('');
    fireEvent.change(digit(2), { target: { value: '3' } });
    fireEvent.change(digit(3), { target: { value: '9' } });
    expect(document.activeElement).toBe(digit(4));
    await waitFor(() => expect(verify().disabled).toBe(true));

    fireEvent.keyDown(digit(4), { key: 'Backspace' });
    expect(document.activeElement).toBe(digit(3));
    expect(digits()).toBe('73');
    await act(async () => undefined); // let formik's validation of the last change settle
  });

  it('verifies, signs in and lands on /dashboard; resend otp toasts', async () => {
    const token = tokenWith({ sub: 'u1', role: 'investor' });
    renderWithProviders(<VerifyEmailPage />, {
      route: '/verify-email',
      mocks: [
        {
          request: { query: ResendOtpDocument, variables: { email: 'ada@example.com', activity: 'VERIFY_EMAIL' } },
          result: { data: { resendOtp: true } },
        },
        {
          request: { query: VerifyEmailDocument, variables: { email: 'ada@example.com', otp: '4815' } },
          result: { data: { verifyEmail: { __typename: 'AuthPayload', token } } },
        },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'resend otp' }));
    expect(await screen.findByText(TOAST.otpResent)).toBeTruthy();

    fireEvent.paste(digit(2), { clipboardData: { getData: () => '4815' } });
    await waitFor(() => expect(verify().disabled).toBe(false));
    fireEvent.click(verify());

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(window.localStorage.getItem(PENDING_EMAIL_KEY)).toBeNull();
  });

  it('asks for the e-mail when none is remembered, and shows a wrong code under the boxes', async () => {
    window.localStorage.clear();
    const message = 'Invalid or expired code';
    renderWithProviders(<VerifyEmailPage />, {
      route: '/verify-email',
      mocks: [
        {
          request: { query: VerifyEmailDocument, variables: { email: 'bob@example.com', otp: '0000' } },
          result: {
            errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'otp', message }] } }],
          },
        },
      ],
    });
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'bob@example.com' } });
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '0000' } });
    await waitFor(() => expect(verify().disabled).toBe(false));
    fireEvent.click(verify());

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // under the boxes + toast
    expect(screen.getByTestId('location').textContent).toBe('/verify-email');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('/verify-email in German', () => {
  const email = 'ada@example.com';
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  // Earlier tests here resent a code: its countdown (kept in sessionStorage) would still run.
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.localStorage.clear());

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
});
