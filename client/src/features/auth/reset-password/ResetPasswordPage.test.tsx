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
          {
            request: { query: ResendOtpDocument, variables: { email, activity: 'RESET_PASSWORD' } },
            result: { data: { resendOtp: true } },
          },
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
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
    await waitFor(() => expect(button('Send code').disabled).toBe(false));
    fireEvent.click(button('Send code'));
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
          {
            request: { query: ResendOtpDocument, variables: { email, activity: 'RESET_PASSWORD' } },
            result: { data: { resendOtp: true } },
          },
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
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
    await waitFor(() => expect(button('Send code').disabled).toBe(false));
    fireEvent.click(button('Send code'));
    const first = await screen.findByRole('textbox', { name: 'Digit 1' });
    fireEvent.paste(first, { clipboardData: { getData: () => '1111' } });
    await waitFor(() => expect(button('Verify').disabled).toBe(false));
    fireEvent.click(button('Verify'));

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
