import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  ChangePasswordDocument,
  UpdateProfileDocument,
  UpdateWithdrawalAddressesDocument,
  type AccountQuery,
  type DashboardProfileQuery,
} from '../../../generated/graphql';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { WithdrawalAddressesForm } from './WithdrawalAddressesForm';

const user = {
  __typename: 'User',
  id: 'u1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  country: 'GB',
  phoneNumber: null,
  dob: null,
  city: 'Paris',
  province: null,
  zipCode: null,
  address: null,
  profileImage: null,
} as unknown as DashboardProfileQuery['me'];
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ProfileForm', () => {
  it('keeps e-mail and country read-only and sends only the changed fields', async () => {
    const result = {
      data: { updateProfile: { ...user, city: 'London', phoneNumber: null, dob: null, province: null } },
    };
    renderWithProviders(<ProfileForm user={user} />, {
      mocks: [{ request: { query: UpdateProfileDocument, variables: { input: { city: 'London' } } }, result }],
    });
    expect(screen.getByRole('textbox', { name: 'Email' }).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Country' }).hasAttribute('readonly')).toBe(true);
    // The country's name, not its stored code ("GB").
    expect((screen.getByRole('textbox', { name: 'Country' }) as HTMLInputElement).value).toBe('United Kingdom');
    expect(button('Save profile').disabled).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Al' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Full name' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'London' } });
    await waitFor(() => expect(button('Save profile').disabled).toBe(false));
    fireEvent.click(button('Save profile'));
    expect(await screen.findByText('profile updated')).toBeTruthy();
  });
});

describe('PasswordForm', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the spec messages, then stores the new token', async () => {
    const variables = { oldPassword: 'password123', newPassword: 'password456' };
    const result = { data: { changePassword: { __typename: 'AuthPayload', token: 'new.token.value' } } };
    renderWithProviders(<PasswordForm />, {
      mocks: [{ request: { query: ChangePasswordDocument, variables }, result }],
    });
    const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

    fireEvent.change(field('Old password'), { target: { value: 'short' } });
    fireEvent.blur(field('Old password'));
    expect(await screen.findByText('Password is too short')).toBeTruthy();
    fireEvent.change(field('Old password'), { target: { value: 'password123' } });
    fireEvent.change(field('New password'), { target: { value: 'password123' } });
    fireEvent.blur(field('New password'));
    expect(await screen.findByText("old password and new password can't be the same")).toBeTruthy();

    fireEvent.change(field('New password'), { target: { value: 'password456' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'password45' } });
    fireEvent.blur(field('Confirm password'));
    expect(await screen.findByText('password does not match')).toBeTruthy();
    fireEvent.change(field('Confirm password'), { target: { value: 'password456' } });
    await waitFor(() => expect(button('Change password').disabled).toBe(false));
    fireEvent.click(button('Change password'));
    expect(await screen.findByText('password changed successfully')).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new.token.value');
  });
});

describe('WithdrawalAddressesForm', () => {
  const bitcoin = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
  const usdt = 'TQn9Y2khEsLJW1ChNewAddress';
  const usableFrom = '2099-11-23T14:05:00.000Z';
  const saved = (coin: string, address: string, from: string | null) => ({
    __typename: 'SavedAddressType',
    coin,
    address,
    usableFrom: from,
  });
  const account = {
    __typename: 'Account',
    id: 'a1',
    hasSetupAccount: true,
    wallet: { __typename: 'WithdrawalAddresses', bitcoin, ethereum: null, litecoin: null, usdt },
    withdrawalAddresses: [saved('bitcoin', bitcoin, null), saved('usdt', usdt, usableFrom)],
  } as unknown as AccountQuery['account'];
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(usableFrom),
  );
  const field = (name: string) => screen.getByRole('textbox', { name });
  const helperOf = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('explains the 24-hour wait and the e-mail, and shows when a new address becomes usable', () => {
    renderWithProviders(<WithdrawalAddressesForm account={account} />);
    // Issue 33: a coin's first address waits too once money is in, so the rule names any address.
    expect(
      screen.getByText(
        'For your safety, an address added or changed after your first deposit can receive withdrawals only 24 hours later, and we e-mail you about every change.',
      ),
    ).toBeTruthy();
    expect(helperOf(field('USDT address'))).toBe(`usable from ${when}`);
    expect(helperOf(field('Bitcoin address'))).toBe('');
  });

  it('sends only the changed address and keeps validation messages on their fields', async () => {
    const next = 'ltc1qg82tqsx4n3z9lvaj0hp6f2n5r9yy5k8x3q';
    const result = {
      data: {
        updateWithdrawalAddresses: {
          ...account,
          wallet: { ...account.wallet, litecoin: next },
          withdrawalAddresses: [...account.withdrawalAddresses, saved('litecoin', next, null)],
        },
      },
    };
    renderWithProviders(<WithdrawalAddressesForm account={account} />, {
      mocks: [
        { request: { query: UpdateWithdrawalAddressesDocument, variables: { input: { litecoin: next } } }, result },
      ],
    });
    fireEvent.change(field('Litecoin address'), { target: { value: 'short' } });
    fireEvent.blur(field('Litecoin address'));
    expect(await screen.findByText('invalid address')).toBeTruthy();
    fireEvent.change(field('Litecoin address'), { target: { value: next } });
    await waitFor(() => expect(button('Save addresses').disabled).toBe(false));
    fireEvent.click(button('Save addresses'));
    expect(await screen.findByText('account updated')).toBeTruthy();
  });

  describe('in German, with the profile form (issue 39)', () => {
    /** A moment as German and Spanish pages write it, in this machine's time zone (the reader's). */
    const stamp = (tag: string, iso: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

    it('German: the profile and withdrawal address forms', () => {
      renderWithProviders(
        <>
          <ProfileForm user={{ ...user, city: null }} />
          <WithdrawalAddressesForm account={account} />
        </>,
        { locale: 'de' },
      );
      expect(screen.getByRole('textbox', { name: 'Vollständiger Name' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Profil speichern' })).toBeTruthy();
      expect(screen.getByText(/^Zu deiner Sicherheit .* erst 24 Stunden später .* per E-Mail\.$/)).toBeTruthy();
      const usdt = screen.getByRole('textbox', { name: 'USDT-Adresse' });
      const helper = document.getElementById(usdt.getAttribute('aria-describedby') ?? '')?.textContent;
      expect(helper).toBe(`nutzbar ab ${stamp('de-DE', usableFrom)}`);
      expect(screen.getByRole('button', { name: 'Adressen speichern' })).toBeTruthy();
    });
  });
});
