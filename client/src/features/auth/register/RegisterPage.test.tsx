import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { CATALOGUES, COUNTRIES, MSG, TOAST } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RegisterDocument, type RegisterMutationVariables } from '../../../generated/graphql';
import { PENDING_EMAIL_KEY } from '../pendingEmail';
import { countryOptions, RegisterPage } from './RegisterPage';

const submit = () => screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;

/** Types into a field and leaves it, as a user would. */
function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Picks a country in the native select by its name, as a user would, and leaves the field. */
async function pickCountry(name: string) {
  const select = screen.getByRole('combobox', { name: 'Country' });
  const option = screen.getByRole<HTMLOptionElement>('option', { name });
  fireEvent.change(select, { target: { value: option.value } });
  fireEvent.blur(select);
}

describe('RegisterPage', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the spec messages under the fields', async () => {
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();

    type('Full name', 'Al');
    type('Email', 'not-an-email');
    type('Password', 'short');

    expect(await screen.findByText(MSG.nameTooShort)).toBeTruthy();
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordLength)).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('enables submit only when valid and the terms are ticked, sends no terms, then goes to /verify-email', async () => {
    let sent: RegisterMutationVariables | undefined;
    renderWithProviders(<RegisterPage />, {
      route: '/register',
      mocks: [
        {
          request: {
            query: RegisterDocument,
            variables: (variables: RegisterMutationVariables) => {
              sent = variables;
              return true;
            },
          },
          result: { data: { register: { __typename: 'User', id: 'u1', email: 'ada@example.com' } } },
        },
      ],
    });
    expect(submit().disabled).toBe(true);

    type('Full name', '  Ada Lovelace ');
    type('Email', 'ada@example.com');
    await pickCountry('Ghana');
    type('Password', 'correct horse');
    // Valid, but the terms box is not ticked yet.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveProperty('value', 'GH'));
    expect(submit().disabled).toBe(true);

    const terms = screen.getByRole('checkbox', { name: 'I agree to the Terms of use' });
    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms');
    fireEvent.click(terms);
    await waitFor(() => expect(submit().disabled).toBe(false));

    fireEvent.click(terms);
    await waitFor(() => expect(submit().disabled).toBe(true));
    fireEvent.click(terms);
    await waitFor(() => expect(submit().disabled).toBe(false));

    fireEvent.click(submit());
    expect(await screen.findByText(TOAST.otpSent)).toBeTruthy();
    expect(sent).toEqual({
      // The page's language goes with the sign-up: the account's mails then speak it.
      input: {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        country: 'GH',
        password: 'correct horse',
        locale: 'en',
      },
    });
    expect(sent?.input).not.toHaveProperty('terms');
    expect(window.localStorage.getItem(PENDING_EMAIL_KEY)).toBe('ada@example.com');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verify-email'));
  });

  it('puts a taken e-mail (CONFLICT on the email field) under the field and in a toast', async () => {
    const message = 'An account with this email already exists';
    renderWithProviders(<RegisterPage />, {
      route: '/register',
      mocks: [
        {
          request: { query: RegisterDocument, variables: () => true },
          result: { errors: [{ message, extensions: { code: 'CONFLICT', fields: [{ field: 'email', message }] } }] },
        },
      ],
    });
    type('Full name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    await pickCountry('Ghana');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of use' }));
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // helper text + toast
    expect(screen.getByLabelText('Email', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/register');
  });
});

describe('RegisterPage in Spanish', () => {
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
});
