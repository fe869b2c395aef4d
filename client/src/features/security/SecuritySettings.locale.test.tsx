import { renderWithProviders } from '../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiKeysDocument,
  MySessionsDocument,
  RegenerateRecoveryCodesDocument,
  WebhookEndpointsDocument,
} from '../../generated/graphql';
import { formatsFor } from '../../app/i18n/useFormat';
import { testI18n } from '../../test/i18n';
import { recoveryCodesText } from './authenticator/RecoveryCodes';
import { SecuritySettings } from './SecuritySettings';
import { mySecurityMock, securityStatus } from '../../test/securityFixtures';

const noSessions = { request: { query: MySessionsDocument }, result: { data: { mySessions: [] } } };
const noWebhooks = { request: { query: WebhookEndpointsDocument }, result: { data: { webhookEndpoints: [] } } };
const passkey = {
  __typename: 'Passkey',
  id: 'p1',
  name: 'Laptop',
  createdAt: '2026-03-04T10:00:00.000Z',
  lastUsedAt: null,
};
const key = {
  __typename: 'ApiKey',
  id: 'k1',
  name: 'Steuer',
  prefix: 'cvk_Ab12Cd',
  scopes: ['ACCOUNT_READ', 'WEBHOOKS'],
  createdAt: '2026-03-04T10:00:00.000Z',
  expiresAt: '2026-12-31T22:59:59.999Z',
  lastUsedAt: null,
  revokedAt: null,
};
const keysMock = { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [key] } } };

describe('SecuritySettings in German and Spanish', () => {
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
    expect(within(card).getByText(de.dateTime(key.expiresAt))).toBeTruthy();
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
        { request: { query: ApiKeysDocument }, result: { data: { apiKeys: [] } } },
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
