import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatsFor } from '../../../app/i18n/useFormat';
import {
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
  WebhookEventTypesDocument,
} from '../../../generated/graphql';
import { WebhooksSection } from './WebhooksSection';

const EVENT_TYPES = ['deposit.created', 'withdrawal.requested'];

/** A WebhookEndpoint as the API returns it, on and healthy unless `extra` says otherwise. */
const endpoint = (extra: object = {}) => ({
  __typename: 'WebhookEndpoint',
  id: 'e1',
  url: 'https://hooks.example.com/cryptovest',
  description: '',
  events: ['deposit.created'],
  scope: 'OWN',
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  ...extra,
});

/** A WebhookDelivery as the API returns it. */
const delivery = (extra: object = {}) => ({
  __typename: 'WebhookDelivery',
  id: 'd1',
  eventType: 'deposit.created',
  status: 'DELIVERED',
  attempts: 1,
  createdAt: '2026-03-05T09:00:00.000Z',
  lastAttemptAt: '2026-03-05T09:00:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-03-05T09:00:01.000Z',
  responseStatus: 200,
  lastError: null,
  ...extra,
});

const listMock = (endpoints: object[]) => ({
  request: { query: WebhookEndpointsDocument },
  result: { data: { webhookEndpoints: endpoints } },
});
const typesMock = {
  request: { query: WebhookEventTypesDocument },
  result: { data: { webhookEventTypes: EVENT_TYPES } },
};

describe('WebhooksSection in Spanish and German', () => {
  it('shows endpoints and their deliveries in Spanish, times to the second as Spanish writes them', async () => {
    const es = formatsFor('es');
    const failingSince = '2026-03-06T08:00:00.000Z';
    const queued = delivery({
      id: 'd2',
      eventType: 'withdrawal.requested',
      status: 'QUEUED',
      attempts: 0,
      deliveredAt: null,
      responseStatus: null,
    });
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      locale: 'es',
      mocks: [
        listMock([endpoint({ failingSince })]),
        typesMock,
        {
          request: { query: WebhookDeliveriesDocument, variables: { endpointId: 'e1' } },
          result: { data: { webhookDeliveries: [queued, delivery()] } },
        },
      ],
    });
    const card = await screen.findByRole('listitem', { name: 'Endpoint de webhook hooks.example.com/cryptovest' });
    expect(within(card).getByText('Con fallos')).toBeTruthy();
    expect(
      within(card).getByText(
        `Las entregas fallan desde el ${es.dateTime(failingSince)}. Tras 5 días de fallos se desactiva y te avisamos por correo.`,
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Creación')).toBeTruthy();
    expect(within(card).getByText(es.dateTime('2026-03-04T10:00:00.000Z'))).toBeTruthy();
    // Event names are identifiers: the same in every language.
    expect(within(within(card).getByRole('list', { name: 'Eventos' })).getByText('deposit.created')).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Activado: hooks.example.com/cryptovest' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Entregas de hooks.example.com/cryptovest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregas a hooks.example.com/cryptovest' });
    const items = within(await within(dialog).findByRole('list', { name: 'Entregas' })).getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading').textContent).toBe('withdrawal.requested');
    expect(within(items[0]).getByText('En cola')).toBeTruthy();
    expect(within(items[0]).getByText('Aún no enviada')).toBeTruthy();
    expect(within(items[1]).getByText('Entregada')).toBeTruthy();
    expect(within(items[1]).getByText('HTTP 200')).toBeTruthy();
    const sent = es.dateTime('2026-03-05T09:00:00.000Z', { dateStyle: 'medium', timeStyle: 'medium' });
    expect(sent).toMatch(/^[45] mar 2026, \d{1,2}:\d{2}:00$/);
    expect(within(items[1]).getByText(sent)).toBeTruthy();
    expect(within(items[1]).getByRole('button', { name: `Reenviar deposit.created del ${sent}` })).toBeTruthy();
  });

  it('adds an endpoint in German: event hints and the URL checks in German', async () => {
    renderWithProviders(<WebhooksSection isAdmin />, { locale: 'de', mocks: [listMock([]), typesMock] });
    expect(await screen.findByText('Noch keine Webhook-Endpunkte.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Endpunkt hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook-Endpunkt hinzufügen' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Wessen Ereignisse' });
    expect(within(group).getByRole('radio', { name: 'Mein Konto' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Alle Konten' })).toBeTruthy();

    const event = await within(dialog).findByRole('checkbox', { name: 'withdrawal.requested' });
    const hint = document.getElementById(event.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Eine Auszahlung wird angefordert');
    expect(within(dialog).getByRole('checkbox', { name: 'Alle Ereignisse' })).toBeTruthy();

    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: 'hooks.example.com' } });
    fireEvent.blur(url);
    expect(await within(dialog).findByText('gib die vollständige Adresse ein, beginnend mit https://')).toBeTruthy();
    fireEvent.change(url, { target: { value: `https://hooks.example.com/${'a'.repeat(2048)}` } });
    await waitFor(() =>
      expect(within(dialog).getByText('die URL darf höchstens 2.048 Zeichen lang sein')).toBeTruthy(),
    );
  });
});
