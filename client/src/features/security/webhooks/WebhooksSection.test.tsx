import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatsFor } from '../../../app/i18n/useFormat';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RedeliverWebhookDocument,
  RotateWebhookSecretDocument,
  UpdateWebhookEndpointDocument,
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
  WebhookEventTypesDocument,
} from '../../../generated/graphql';
import { fieldError } from '../../../test/securityFixtures';
import { WebhooksSection } from './WebhooksSection';

const EVENT_TYPES = ['deposit.created', 'deposit.confirmed', 'withdrawal.requested'];
const URL = 'https://hooks.example.com/cryptovest';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6rV2nGOTuVw=';

/** A WebhookEndpoint as the API returns it, on and healthy unless `extra` says otherwise. */
const endpoint = (extra: object = {}) => ({
  __typename: 'WebhookEndpoint',
  id: 'e1',
  url: URL,
  description: 'Bookkeeping',
  events: ['deposit.created', 'withdrawal.requested'],
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

const button = (name: string, within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', { name }) as HTMLButtonElement;
const checkbox = (name: string, dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

describe('WebhooksSection', () => {
  it('adds an endpoint: events with select-all, its secret shown once, then lists it', async () => {
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([]),
        typesMock,
        {
          request: {
            query: CreateWebhookEndpointDocument,
            variables: {
              input: { url: URL, description: 'Bookkeeping', events: ['deposit.created', 'withdrawal.requested'] },
            },
          },
          result: {
            data: {
              createWebhookEndpoint: { __typename: 'WebhookEndpointWithSecret', secret: SECRET, endpoint: endpoint() },
            },
          },
        },
        listMock([endpoint()]),
      ],
    });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    fireEvent.click(button('Add endpoint'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    // Investors choose no scope: their endpoints receive their own events.
    expect(within(dialog).queryByRole('radio')).toBeNull();
    const all = await within(dialog).findByRole('checkbox', { name: 'All events' });

    // Select-all chooses every event, and none again; one chosen makes it "some".
    fireEvent.click(all);
    expect(EVENT_TYPES.map((e) => checkbox(e, dialog).checked)).toEqual([true, true, true]);
    fireEvent.click(all);
    expect(EVENT_TYPES.map((e) => checkbox(e, dialog).checked)).toEqual([false, false, false]);
    fireEvent.click(checkbox('withdrawal.requested', dialog));
    fireEvent.click(checkbox('deposit.created', dialog));
    await waitFor(() => expect(all.getAttribute('data-indeterminate')).toBe('true'));
    expect(checkbox('deposit.created', dialog).getAttribute('aria-describedby')).toBeTruthy(); // what it means

    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: 'hooks.example.com' } });
    fireEvent.blur(url);
    expect(await within(dialog).findByText('enter the full address, starting with https://')).toBeTruthy();
    expect(button('Add endpoint', dialog).disabled).toBe(true);
    fireEvent.change(url, { target: { value: ` ${URL} ` } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), {
      target: { value: 'Bookkeeping' },
    });
    await waitFor(() => expect(button('Add endpoint', dialog).disabled).toBe(false));
    fireEvent.click(button('Add endpoint', dialog));

    // The secret, this once; the events were sent in the server's order.
    const shown = await screen.findByRole('dialog', { name: 'Endpoint “hooks.example.com/cryptovest” added' });
    expect((within(shown).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/You will not see it again/)).toBeTruthy();
    expect(within(shown).getByText(/see the Webhooks guide in the documentation/)).toBeTruthy();
    expect(within(shown).queryByRole('link')).toBeNull();
    expect(button('Copy secret', shown)).toBeTruthy();
    fireEvent.click(button('I have copied it', shown));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = await screen.findByRole('listitem', { name: 'Webhook endpoint hooks.example.com/cryptovest' });
    expect(within(card).getByRole('heading', { name: URL })).toBeTruthy();
    expect(within(card).getByText('Bookkeeping')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    const events = within(card).getByRole('list', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['deposit.created', 'withdrawal.requested']);
    expect(
      (within(card).getByRole('switch', { name: 'Enabled: hooks.example.com/cryptovest' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('offers administrators "All accounts" and sends the scope', async () => {
    renderWithProviders(<WebhooksSection isAdmin />, {
      mocks: [
        listMock([]),
        typesMock,
        {
          request: {
            query: CreateWebhookEndpointDocument,
            variables: { input: { url: URL, description: '', events: EVENT_TYPES, scope: 'ALL' } },
          },
          result: {
            data: {
              createWebhookEndpoint: {
                __typename: 'WebhookEndpointWithSecret',
                secret: SECRET,
                endpoint: endpoint({ scope: 'ALL', events: EVENT_TYPES, description: '' }),
              },
            },
          },
        },
        listMock([endpoint({ scope: 'ALL', events: EVENT_TYPES, description: '' })]),
      ],
    });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    fireEvent.click(button('Add endpoint'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Whose events' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['My account', 'All accounts']);
    expect((within(group).getByRole('radio', { name: 'My account' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'All accounts' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'All events' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), { target: { value: URL } });
    await waitFor(() => expect(button('Add endpoint', dialog).disabled).toBe(false));
    fireEvent.click(button('Add endpoint', dialog));
    fireEvent.click(button('I have copied it', await screen.findByRole('dialog', { name: /added$/ })));
    const card = await screen.findByRole('listitem', { name: 'Webhook endpoint hooks.example.com/cryptovest' });
    expect(within(card).getByText('All accounts')).toBeTruthy();
    // Every event type: one chip says so.
    expect(
      within(within(card).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['All events']);
  });

  it("shows the server's field error under the URL, and the 10-endpoint cap as a toast", async () => {
    const refused = 'url must point to a public address: 127.0.0.1 is a loopback address';
    const input = { url: 'https://127.0.0.1/hook', description: '', events: ['deposit.created'] };
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([]),
        typesMock,
        { request: { query: CreateWebhookEndpointDocument, variables: { input } }, result: fieldError('url', refused) },
        {
          request: { query: CreateWebhookEndpointDocument, variables: { input: { ...input, url: URL } } },
          result: {
            errors: [
              {
                message: 'You already have 10 webhook endpoints: delete one first',
                extensions: { code: 'CONFLICT' },
              },
            ],
          },
        },
      ],
    });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    fireEvent.click(button('Add endpoint'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'deposit.created' }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: input.url } });
    await waitFor(() => expect(button('Add endpoint', dialog).disabled).toBe(false));
    fireEvent.click(button('Add endpoint', dialog));
    await waitFor(() => expect(screen.getAllByText(refused)).toHaveLength(2)); // helper text + toast
    expect(url.getAttribute('aria-invalid')).toBe('true');

    // The message stays until the URL changes.
    expect(button('Add endpoint', dialog).disabled).toBe(true);
    fireEvent.change(url, { target: { value: URL } });
    await waitFor(() => expect(button('Add endpoint', dialog).disabled).toBe(false));
    expect(url.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(button('Add endpoint', dialog));
    expect(await screen.findByText('You already have 10 webhook endpoints: delete one first')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add a webhook endpoint' })).toBeTruthy();
  });

  it('says why an endpoint is off or failing, and turns one off and on with the switch', async () => {
    const failing = endpoint({ failingSince: '2026-03-06T08:00:00.000Z' });
    const off = endpoint({
      id: 'e2',
      url: 'https://other.example.com/',
      enabled: false,
      disabledReason: 'Turned off after its deliveries failed for 5 days without a success',
    });
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([failing, off]),
        typesMock,
        {
          request: { query: UpdateWebhookEndpointDocument, variables: { id: 'e1', input: { enabled: false } } },
          result: {
            data: { updateWebhookEndpoint: endpoint({ enabled: false, disabledReason: 'Turned off by its owner' }) },
          },
        },
        {
          request: { query: UpdateWebhookEndpointDocument, variables: { id: 'e2', input: { enabled: true } } },
          result: { data: { updateWebhookEndpoint: { ...off, enabled: true, disabledReason: null } } },
        },
      ],
    });
    const first = await screen.findByRole('listitem', { name: 'Webhook endpoint hooks.example.com/cryptovest' });
    expect(within(first).getByText('Failing')).toBeTruthy();
    expect(within(first).getByText(/Deliveries have failed since/)).toBeTruthy();
    expect(within(first).getByText('Failing since')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Webhook endpoint other.example.com' });
    expect(within(second).getByText('Disabled')).toBeTruthy();
    expect(
      within(second).getByText(
        'Turned off after its deliveries failed for 5 days without a success. Nothing is sent to it until you turn it on again.',
      ),
    ).toBeTruthy();

    fireEvent.click(within(first).getByRole('switch', { name: 'Enabled: hooks.example.com/cryptovest' }));
    expect(await screen.findByText('Endpoint turned off: nothing is sent to it')).toBeTruthy();
    expect(await within(first).findByText(/Turned off by its owner/)).toBeTruthy();
    expect(within(first).queryByText('Failing since')).toBeNull();

    const toggle = within(second).getByRole('switch', { name: 'Enabled: other.example.com' }) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Endpoint turned on')).toBeTruthy();
    await waitFor(() => expect(within(second).getByText('Active')).toBeTruthy());
    expect(toggle.checked).toBe(true);
  });

  it('edits the URL, description and events', async () => {
    renderWithProviders(<WebhooksSection isAdmin />, {
      mocks: [
        listMock([endpoint()]),
        typesMock,
        {
          request: {
            query: UpdateWebhookEndpointDocument,
            variables: {
              id: 'e1',
              input: {
                url: 'https://hooks.example.com/v2',
                description: 'Books',
                events: ['deposit.created', 'deposit.confirmed'],
              },
            },
          },
          result: {
            data: {
              updateWebhookEndpoint: endpoint({
                url: 'https://hooks.example.com/v2',
                description: 'Books',
                events: ['deposit.created', 'deposit.confirmed'],
              }),
            },
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit hooks.example.com/cryptovest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint “hooks.example.com/cryptovest”' });
    expect(within(dialog).queryByRole('radio')).toBeNull(); // whose events is fixed once made
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveProperty('value', URL);
    expect(await within(dialog).findByRole('checkbox', { name: 'deposit.created' })).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://hooks.example.com/v2' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), {
      target: { value: 'Books' },
    });
    fireEvent.click(checkbox('withdrawal.requested', dialog));
    fireEvent.click(checkbox('deposit.confirmed', dialog));
    await waitFor(() => expect(button('Save', dialog).disabled).toBe(false));
    fireEvent.click(button('Save', dialog));
    expect(await screen.findByText('Endpoint saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = screen.getByRole('listitem', { name: 'Webhook endpoint hooks.example.com/v2' });
    expect(within(card).getByText('Books')).toBeTruthy();
    expect(within(card).getByText('deposit.confirmed')).toBeTruthy();
  });

  it('lists the deliveries and redelivers one', async () => {
    const failed = delivery({
      id: 'd2',
      eventType: 'withdrawal.requested',
      status: 'FAILED',
      attempts: 3,
      deliveredAt: null,
      responseStatus: 500,
      lastError: 'HTTP 500',
    });
    const waiting = delivery({
      id: 'd3',
      status: 'QUEUED',
      attempts: 1,
      deliveredAt: null,
      responseStatus: null,
      lastError: 'ETIMEDOUT: timed out after 5000 ms',
      nextAttemptAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([endpoint()]),
        typesMock,
        {
          request: { query: WebhookDeliveriesDocument, variables: { endpointId: 'e1' } },
          result: { data: { webhookDeliveries: [failed, waiting, delivery()] } },
        },
        {
          request: { query: RedeliverWebhookDocument, variables: { deliveryId: 'd2' } },
          result: { data: { redeliverWebhook: { ...failed, status: 'QUEUED', nextAttemptAt: failed.createdAt } } },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries of hooks.example.com/cryptovest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to hooks.example.com/cryptovest' });
    const list = await within(dialog).findByRole('list', { name: 'Deliveries' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'withdrawal.requested',
      'deposit.created',
      'deposit.created',
    ]);
    expect(within(items[0]).getByText('Failed')).toBeTruthy();
    expect(within(items[0]).getByText('HTTP 500')).toBeTruthy(); // the answer, not repeated as the error
    expect(within(items[0]).queryByText('Error')).toBeNull();
    expect(within(items[1]).getByText('Retrying')).toBeTruthy();
    expect(within(items[1]).getByText('No answer')).toBeTruthy();
    expect(within(items[1]).getByText('Next attempt')).toBeTruthy();
    expect(within(items[1]).getByText('Error')).toBeTruthy();
    expect(within(items[1]).getByText('ETIMEDOUT: timed out after 5000 ms')).toBeTruthy();
    expect(within(items[2]).getByText('Delivered')).toBeTruthy();
    expect(within(items[2]).getByText('HTTP 200')).toBeTruthy();

    fireEvent.click(within(items[0]).getByRole('button', { name: /^Redeliver withdrawal\.requested of / }));
    expect(await screen.findByText('withdrawal.requested is being sent again')).toBeTruthy();
    await waitFor(() => expect(within(items[0]).getByText('Queued')).toBeTruthy());
  });

  it('offers no redelivery while the endpoint is off', async () => {
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([endpoint({ enabled: false, disabledReason: 'Turned off by its owner' })]),
        typesMock,
        {
          request: { query: WebhookDeliveriesDocument, variables: { endpointId: 'e1' } },
          result: { data: { webhookDeliveries: [delivery()] } },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries of hooks.example.com/cryptovest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to hooks.example.com/cryptovest' });
    expect(await within(dialog).findByText(/turn it on to redeliver/)).toBeTruthy();
    // The notice shows at once; the deliveries arrive with their query.
    const redeliver = await within(dialog).findByRole('button', { name: /^Redeliver / });
    expect((redeliver as HTMLButtonElement).disabled).toBe(true);
  });

  it('rotates the secret (shown once, the old one still valid a while), then deletes the endpoint', async () => {
    const until = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const newSecret = 'whsec_bmV3IHNlY3JldCBmb3IgdGhlIHRlc3Qgb25seSBvbmNl';
    renderWithProviders(<WebhooksSection isAdmin={false} />, {
      mocks: [
        listMock([endpoint()]),
        typesMock,
        {
          request: { query: RotateWebhookSecretDocument, variables: { id: 'e1' } },
          result: {
            data: {
              rotateWebhookSecret: {
                __typename: 'WebhookEndpointWithSecret',
                secret: newSecret,
                endpoint: endpoint({ previousSecretExpiresAt: until }),
              },
            },
          },
        },
        {
          request: { query: DeleteWebhookEndpointDocument, variables: { id: 'e1' } },
          result: { data: { deleteWebhookEndpoint: { __typename: 'WebhookEndpoint', id: 'e1' } } },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret of hooks.example.com/cryptovest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret of “hooks.example.com/cryptovest”?' });
    fireEvent.click(button('Rotate secret', confirm));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret for “hooks.example.com/cryptovest”' });
    expect((within(shown).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe(newSecret);
    expect(within(shown).getByText(/deliveries are also signed with the previous secret/)).toBeTruthy();
    fireEvent.click(button('I have copied it', shown));
    const card = await screen.findByRole('listitem', { name: 'Webhook endpoint hooks.example.com/cryptovest' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Previous secret valid until')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Delete hooks.example.com/cryptovest' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete endpoint “hooks.example.com/cryptovest”?' });
    fireEvent.click(button('Delete', sure));
    expect(await screen.findByText('Endpoint deleted')).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('stops offering "Add endpoint" at 10 endpoints', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => endpoint({ id: `e${i}`, url: `https://hooks.example.com/${i}` }));
    renderWithProviders(<WebhooksSection isAdmin={false} />, { mocks: [listMock(ten), typesMock] });
    expect(await screen.findByText(/You have 10 endpoints/)).toBeTruthy();
    expect(button('Add endpoint').disabled).toBe(true);
  });
});

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
        listMock([endpoint({ failingSince, description: '', events: ['deposit.created'] })]),
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
