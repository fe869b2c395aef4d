import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOAST } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { ResendOtpDocument } from '../../../generated/graphql';
import { markOtpSent } from '../otpCooldown';
import { ResendOtpButton, waitMessage } from './ResendOtpButton';

const email = 'ada@example.com';
const request = { query: ResendOtpDocument, variables: { email, activity: 'VERIFY_EMAIL' } };
const resendButton = () => screen.getByRole('button', { name: /^resend otp/ }) as HTMLButtonElement;

describe('ResendOtpButton', () => {
  afterEach(() => window.sessionStorage.clear());

  it('counts down for 60 s after a resend instead of promising another mail', async () => {
    renderWithProviders(<ResendOtpButton email={email} activity="VERIFY_EMAIL" />, {
      mocks: [{ request, result: { data: { resendOtp: true } } }],
    });
    expect(resendButton().textContent).toBe('resend otp');
    fireEvent.click(resendButton());
    expect(await screen.findByText(TOAST.otpResent)).toBeTruthy();
    expect(resendButton().textContent).toBe('resend otp in 60 s');
    expect(resendButton().disabled).toBe(true);
  });

  it('starts counting where the last send left off and is usable again at zero', async () => {
    markOtpSent(email, 'VERIFY_EMAIL', 60, Date.now() - 59_000); // register sent one 59 s ago
    renderWithProviders(<ResendOtpButton email={email} activity="VERIFY_EMAIL" />);
    expect(resendButton().textContent).toBe('resend otp in 1 s');
    expect(resendButton().disabled).toBe(true);
    await waitFor(() => expect(resendButton().textContent).toBe('resend otp'), { timeout: 2500 });
    expect(resendButton().disabled).toBe(false);
    // Another address or purpose has its own wait.
    markOtpSent(email, 'RESET_PASSWORD');
    expect(resendButton().textContent).toBe('resend otp');
  });

  it("shows the server's wait when it refuses with 429 and the seconds left", async () => {
    const refused = new GraphQLError('Too many codes', {
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 42 },
    });
    renderWithProviders(<ResendOtpButton email={email} activity="VERIFY_EMAIL" />, {
      mocks: [{ request, result: { errors: [refused] } }],
    });
    fireEvent.click(resendButton());
    expect(await screen.findByText(waitMessage(42))).toBeTruthy();
    expect(screen.queryByText(TOAST.otpResent)).toBeNull();
    expect(resendButton().textContent).toBe('resend otp in 42 s');
    expect(resendButton().disabled).toBe(true);
  });
});

describe('ResendOtpButton in German', () => {
  afterEach(() => window.sessionStorage.clear());
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it("says the server's wait in German", async () => {
    const refused = new GraphQLError('Too many codes', { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 42 } });
    renderWithProviders(<ResendOtpButton email={email} activity="VERIFY_EMAIL" />, {
      locale: 'de',
      mocks: [{ request, result: { errors: [refused] } }],
    });
    fireEvent.click(button('Code erneut senden'));
    expect(await screen.findByText('Bitte warte 42 s, bevor du einen neuen Code anforderst.')).toBeTruthy();
    expect(button('Code erneut senden in 42 s').disabled).toBe(true);
  });
});
