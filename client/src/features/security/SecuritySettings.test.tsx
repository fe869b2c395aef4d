import { renderWithProviders } from '../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiKeysDocument,
  ConfirmTotpEnrolmentDocument,
  CreateApiKeyDocument,
  DisableTotpDocument,
  MySessionsDocument,
  RegenerateRecoveryCodesDocument,
  RevokeApiKeyDocument,
  StartTotpEnrolmentDocument,
  StepUpWithCodeDocument,
  WebhookEndpointsDocument,
} from '../../generated/graphql';
import { formatsFor } from '../../app/i18n/useFormat';
import { testI18n } from '../../test/i18n';
import { KEEP_A_FACTOR } from './authenticator/AuthenticatorSection';
import { recoveryCodesText } from './authenticator/RecoveryCodes';
import { SecuritySettings } from './SecuritySettings';
import { fieldError, mySecurityMock, recoveryCodes, securityStatus } from '../../test/securityFixtures';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const noKeys = { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [] } } };
const noWebhooks = { request: { query: WebhookEndpointsDocument }, result: { data: { webhookEndpoints: [] } } };

/** An API key as the API lists it, live and never used unless `extra` says otherwise. */
const apiKey = (extra: object = {}) => ({
  __typename: 'ApiKey',
  id: 'k1',
  name: 'Tax script',
  prefix: 'cvk_Ab12Cd',
  scopes: ['ACCOUNT_READ'],
  createdAt: '2026-03-04T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...extra,
});

const enrolment = {
  request: { query: StartTotpEnrolmentDocument },
  result: {
    data: {
      startTotpEnrolment: {
        __typename: 'TotpEnrolment',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/CryptoVest:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=CryptoVest',
        qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      },
    },
  },
};

/** Starts set-up from the Off state and types `code` into the confirmation field. */
async function startSetup(code: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  const img = await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' });
  expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  expect((screen.getByRole('textbox', { name: 'Secret key' }) as HTMLInputElement).value).toBe('JBSW Y3DP EHPK 3PXP');
  expect(button('Turn on').disabled).toBe(true);
  const field = screen.getByRole('textbox', { name: 'Code from the app' });
  expect(field.getAttribute('autocomplete')).toBe('one-time-code');
  fireEvent.change(field, { target: { value: code } });
  await waitFor(() => expect(button('Turn on').disabled).toBe(false));
  fireEvent.click(button('Turn on'));
  return field;
}

describe('SecuritySettings: authenticator app', () => {
  afterEach(() => window.localStorage.clear());

  it('sets it up: QR code and key, first code, new session stored, recovery codes shown once', async () => {
    const token = 'proven.session.token';
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      mocks: [
        mySecurityMock(securityStatus()),
        noKeys,
        noWebhooks,
        enrolment,
        {
          request: { query: ConfirmTotpEnrolmentDocument, variables: { code: '123456' } },
          result: {
            data: {
              confirmTotpEnrolment: {
                __typename: 'TotpConfirmation',
                recoveryCodes,
                session: { __typename: 'AuthPayload', token },
              },
            },
          },
        },
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 10 })),
      ],
    });
    expect(await screen.findByText('Off')).toBeTruthy();
    await startSetup('123456');

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(screen.getByText(/You will not see them again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(await screen.findByText('Authenticator app turned on')).toBeTruthy();

    // Download .txt hands the browser a text file of the codes.
    const createObjectURL = jest.fn((blob: Blob) => (blob.size ? 'blob:codes' : ''));
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('cryptovest-recovery-codes.txt');
      expect(this.href).toBe('blob:codes');
    });
    fireEvent.click(button('Download .txt'));
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();

    fireEvent.click(button('I have saved them'));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.getByText(/Recovery codes left:/).textContent).toBe('Recovery codes left: 10 of 10');
    expect(button('Turn off')).toBeTruthy();
  });

  it('shows a wrong first code under the field and keeps the old session', async () => {
    const message = 'That code is not right. Check your authenticator app and try again.';
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old.token');
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      mocks: [
        mySecurityMock(securityStatus()),
        noKeys,
        noWebhooks,
        enrolment,
        {
          request: { query: ConfirmTotpEnrolmentDocument, variables: { code: '000000' } },
          result: fieldError('code', message),
        },
      ],
    });
    const field = await startSetup('000000');

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // helper text + toast
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old.token');
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  });

  it('turns it off with a current code', async () => {
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      mocks: [
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 2 })),
        noKeys,
        noWebhooks,
        {
          request: { query: DisableTotpDocument, variables: { code: '654321' } },
          result: {
            data: {
              disableTotp: {
                __typename: 'SecurityChange',
                security: securityStatus(),
                session: { __typename: 'AuthPayload', token: 'renewed.token' },
              },
            },
          },
        },
      ],
    });
    // Few codes left: the section says so.
    expect(await screen.findByText(/running out of recovery codes/)).toBeTruthy();
    fireEvent.click(button('Turn off'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Authenticator or recovery code' }), {
      target: { value: '654 321' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Turn off' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    expect(await screen.findByText('Authenticator app turned off')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    // Turning it off ended every older session, this one's too: the renewed token replaces it.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('renewed.token');
  });

  it("doesn't offer an administrator to turn off the only second factor, and says why", async () => {
    renderWithProviders(<SecuritySettings isAdmin />, {
      mocks: [
        mySecurityMock(securityStatus({ required: true, totpEnabled: true, recoveryCodesLeft: 10 })),
        noKeys,
        noWebhooks,
      ],
    });
    expect(await screen.findByText(KEEP_A_FACTOR)).toBeTruthy();
    expect(button('Turn off').disabled).toBe(true);
  });

  it("asks an administrator's first authenticator for the enrolment code", async () => {
    renderWithProviders(<SecuritySettings isAdmin />, {
      mocks: [
        mySecurityMock(securityStatus({ required: true })),
        enrolment,
        {
          request: {
            query: ConfirmTotpEnrolmentDocument,
            variables: { code: '123456', enrolmentCode: 'abcd-efgh-jkmn-pqrs' },
          },
          result: fieldError('enrolmentCode', 'That enrolment code is not valid. Ask for a new one.'),
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code from the app' }), {
      target: { value: '123456' },
    });
    await waitFor(() => expect(button('Turn on').disabled).toBe(true)); // no enrolment code yet
    const field = screen.getByRole('textbox', { name: 'Enrolment code' });
    fireEvent.change(field, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    await waitFor(() => expect(button('Turn on').disabled).toBe(false));
    fireEvent.click(button('Turn on'));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });

  it('makes new recovery codes after proving a factor again (step-up), and shows them once', async () => {
    const fresh = recoveryCodes.map((c) => c.replace('aaaa', 'zzzz'));
    const stepUpRequired = {
      errors: [{ message: "Confirm it's you first", extensions: { code: 'STEP_UP_REQUIRED' } }],
    };
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      mocks: [
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 7 })),
        noKeys,
        noWebhooks,
        { request: { query: RegenerateRecoveryCodesDocument }, result: stepUpRequired },
        {
          request: { query: StepUpWithCodeDocument, variables: { code: 'k7wq-3mzp-x9ta' } },
          result: { data: { stepUpWithCode: { __typename: 'AuthPayload', token: 'stepped.up.token' } } },
        },
        { request: { query: RegenerateRecoveryCodesDocument }, result: { data: { regenerateRecoveryCodes: fresh } } },
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 10 })),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make new codes' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Authenticator or recovery code' }), {
      target: { value: 'k7wq-3mzp-x9ta' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(fresh);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stepped.up.token');
  });

  it('writes the recovery codes file with a heading and one code a line', () => {
    const text = recoveryCodesText('CryptoVest', ['a', 'b'], new Date('2026-03-04T10:00:00Z'));
    expect(text).toBe(
      'CryptoVest recovery codes\nMade 2026-03-04. Each code works once. Keep them somewhere safe.\n\na\nb\n',
    );
  });
});

describe('SecuritySettings: API keys', () => {
  const key = apiKey();

  it('offers investors only their own account, shows the secret once, then revokes the key', async () => {
    const secret = 'cvk_Ab12CdEfGhIjKlMnOpQrStUvWxYz0123456789abcdef';
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      mocks: [
        mySecurityMock(securityStatus()),
        noKeys,
        noWebhooks,
        {
          request: {
            query: CreateApiKeyDocument,
            variables: { input: { name: 'Tax script', scopes: ['ACCOUNT_READ'], expiresAt: null } },
          },
          result: { data: { createApiKey: { __typename: 'CreatedApiKey', secret, apiKey: key } } },
        },
        { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [key] } } },
        {
          request: { query: RevokeApiKeyDocument, variables: { id: 'k1' } },
          result: { data: { revokeApiKey: { ...key, revokedAt: '2026-03-05T10:00:00.000Z' } } },
        },
      ],
    });
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    fireEvent.click(button('Create key'));
    const create = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(
      within(create)
        .getAllByRole('checkbox')
        .map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]),
    ).toEqual([
      ['Read my account and transactions', true],
      ['Manage my webhook endpoints and see their deliveries', false],
    ]);
    fireEvent.change(within(create).getByRole('textbox', { name: 'Name' }), { target: { value: ' Tax script ' } });
    const submit = within(create).getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    const shown = await screen.findByRole('dialog', { name: 'API key “Tax script” created' });
    expect((within(shown).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByText(/You will not see it again/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = await screen.findByRole('listitem', { name: 'API key Tax script' });
    expect(within(card).getByText('cvk_Ab12Cd…')).toBeTruthy();
    expect(within(card).getByText('Read account')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(screen.queryByText(secret)).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Revoke API key Tax script' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key “Tax script”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
    await waitFor(() => expect(within(card).getAllByText('Revoked')).toHaveLength(2)); // chip + date
    expect(within(card).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('offers administrators the admin scopes too', async () => {
    renderWithProviders(<SecuritySettings isAdmin />, {
      mocks: [
        mySecurityMock(securityStatus({ required: true, totpEnabled: true, recoveryCodesLeft: 10 })),
        noKeys,
        noWebhooks,
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const create = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(
      within(create)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([
      'Read my account and transactions',
      'Read users, accounts and transactions (administrators)',
      'Confirm or decline transactions (administrators)',
      'Manage my webhook endpoints and see their deliveries',
    ]);
  });
});

describe('SecuritySettings in German and Spanish', () => {
  const noSessions = { request: { query: MySessionsDocument }, result: { data: { mySessions: [] } } };
  const passkey = {
    __typename: 'Passkey',
    id: 'p1',
    name: 'Laptop',
    createdAt: '2026-03-04T10:00:00.000Z',
    lastUsedAt: null,
  };
  const expiresAt = '2026-12-31T22:59:59.999Z';
  const key = apiKey({ name: 'Steuer', scopes: ['ACCOUNT_READ', 'WEBHOOKS'], expiresAt });
  const keysMock = { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [key] } } };
  it('says the sections in German, with dates as German writes them', async () => {
    const de = formatsFor('de');
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      locale: 'de',
      mocks: [
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 2, passkeys: [passkey] })),
        keysMock,
        noSessions,
        noWebhooks,
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Authenticator-App' })).toBeTruthy();
    expect(screen.getByText('An')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deaktivieren' })).toBeTruthy();

    // Passkeys: the chip counts, the row dates its passkey in German.
    expect(screen.getByText('1 hinzugefügt')).toBeTruthy();
    const row = within(screen.getByRole('list', { name: 'Passkeys' })).getByRole('listitem');
    expect(row.textContent).toContain(`Hinzugefügt: ${de.dateTime(passkey.createdAt)} · Noch nie verwendet`);
    expect(de.dateTime(passkey.createdAt)).toMatch(/^0[34]\.03\.2026, \d{2}:\d{2}$/);
    expect(within(row).getByRole('button', { name: 'Passkey Laptop entfernen' })).toBeTruthy();

    // Recovery codes: how many are left, the warning, the button.
    expect(screen.getByText(/Verbleibende Wiederherstellungscodes:/).textContent).toBe(
      'Verbleibende Wiederherstellungscodes: 2 von 10',
    );
    expect(screen.getByText(/Dir gehen die Wiederherstellungscodes aus/)).toBeTruthy();

    // API keys: state, scopes (the chip labels) and dates in German.
    const card = await screen.findByRole('listitem', { name: 'API-Schlüssel Steuer' });
    expect(within(card).getByText('Aktiv')).toBeTruthy();
    expect(within(card).getByText('Konto lesen')).toBeTruthy();
    expect(within(card).getByText('Webhooks')).toBeTruthy();
    expect(within(card).getByText('Läuft ab')).toBeTruthy();
    expect(within(card).getByText(de.dateTime(expiresAt))).toBeTruthy();
    expect(within(card).getByText('Nie')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'API-Schlüssel Steuer widerrufen' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(await screen.findByText('Noch keine Webhook-Endpunkte.')).toBeTruthy();
  });

  it('asks for a proof in Spanish, with its validation message in Spanish', async () => {
    const stepUpRequired = {
      errors: [{ message: "Confirm it's you first", extensions: { code: 'STEP_UP_REQUIRED' } }],
    };
    renderWithProviders(<SecuritySettings isAdmin={false} />, {
      locale: 'es',
      mocks: [
        mySecurityMock(securityStatus({ totpEnabled: true, recoveryCodesLeft: 7 })),
        noKeys,
        noSessions,
        noWebhooks,
        { request: { query: RegenerateRecoveryCodesDocument }, result: stepUpRequired },
      ],
    });
    expect(await screen.findByText('Activada')).toBeTruthy();
    expect(await screen.findByText('Aún no tienes claves de API.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevos códigos de recuperación' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Generar nuevos códigos de recuperación?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Generar códigos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirma que eres tú' });
    const field = within(dialog).getByRole('textbox', { name: 'Código de autenticación o de recuperación' });
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.blur(field);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText(
        'Un código de 6 dígitos de tu app de autenticación o uno de tus códigos de recuperación',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('writes the recovery codes file in the reader’s language', () => {
    const t = testI18n('de').getFixedT('de', 'security');
    const text = recoveryCodesText('CryptoVest', ['a'], new Date('2026-03-04T10:00:00Z'), (k, p) => t(k, p));
    expect(text).toBe(
      'CryptoVest-Wiederherstellungscodes\nErstellt am 2026-03-04. Jeder Code funktioniert nur einmal. Bewahre sie sicher auf.\n\na\n',
    );
  });
});
