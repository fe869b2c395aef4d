import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import type { MockLink } from '@apollo/client/testing';
import { DEFAULT_SITE_CONFIG, MSG, TOAST } from '@cryptovest/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SiteProvider } from '../../../app/site/site';
import { SendContactMessageDocument } from '../../../generated/graphql';
import { ContactPage } from './ContactPage';

const site = {
  ...DEFAULT_SITE_CONFIG,
  supportEmail: 'help@acme.test',
  supportPhone: '+61 2 5550 1234',
  address: '9 Quay St, Sydney',
};
const input = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Plans',
  message: 'Which plan suits a first deposit?',
};

function renderPage(mocks: MockLink.MockedResponse[] = []) {
  return renderWithProviders(
    <SiteProvider value={site}>
      <ContactPage />
    </SiteProvider>,
    { route: '/contact', mocks },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Send message|Sending/ }) as HTMLButtonElement;

/** Types `value` into a field and leaves it, as a user would. */
function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
}

function fillForm() {
  type('Name', ` ${input.name} `);
  type('Email', input.email);
  type('Subject', input.subject);
  type('Message', input.message);
}

const sendMock = (result: object) => ({ request: { query: SendContactMessageDocument, variables: { input } }, result });

describe('ContactPage', () => {
  it('shows the heading and the configured details as mail and phone links', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@acme.test' }).getAttribute('href')).toBe('mailto:help@acme.test');
    expect(screen.getByRole('link', { name: '+61 2 5550 1234' }).getAttribute('href')).toBe('tel:+61255501234');
    expect(screen.getByText('9 Quay St, Sydney')).toBeTruthy();
  });

  it('shows the validation messages under bad fields and keeps submit disabled', async () => {
    renderPage();
    type('Name', 'Al');
    type('Email', 'not-an-email');
    type('Message', 'short');
    expect(await screen.findByText(MSG.nameTooShort)).toBeTruthy();
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(await screen.findByText(MSG.messageTooShort)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
  });

  it('sends the message, confirms with a toast and clears the form', async () => {
    const receipt = { __typename: 'ContactReceipt', id: 'm1', receivedAt: '2025-01-01T00:00:00.000Z' };
    renderPage([sendMock({ data: { sendContactMessage: receipt } })]);
    fillForm();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());

    expect(await screen.findByText(TOAST.messageSent)).toBeTruthy();
    await waitFor(() => expect(field('Message').value).toBe(''));
    expect(field('Name').value).toBe('');
    expect(field('Email').value).toBe('');
  });

  it('toasts a rate-limit error and keeps what was typed', async () => {
    const message = 'Too many attempts. Try again in 60 seconds.';
    renderPage([sendMock({ errors: [{ message, extensions: { code: 'RATE_LIMITED' } }] })]);
    fillForm();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(TOAST.messageSent)).toBeNull();
    expect(field('Message').value).toBe(input.message);
  });
});

describe('ContactPage in Spanish', () => {
  it('labels the page and the form in Spanish and confirms in Spanish', async () => {
    const receipt = { __typename: 'ContactReceipt', id: 'm1', receivedAt: '2025-01-01T00:00:00.000Z' };
    renderWithProviders(
      <SiteProvider value={site}>
        <ContactPage />
      </SiteProvider>,
      { route: '/contact', locale: 'es', mocks: [sendMock({ data: { sendContactMessage: receipt } })] },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contacto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Datos de contacto' })).toBeTruthy();
    expect(screen.getByText('Teléfono')).toBeTruthy();
    const byLabel = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
    fireEvent.change(byLabel('Nombre'), { target: { value: input.name } });
    fireEvent.change(byLabel('Correo electrónico'), { target: { value: input.email } });
    fireEvent.change(byLabel('Asunto'), { target: { value: input.subject } });
    fireEvent.change(byLabel('Mensaje'), { target: { value: input.message } });
    const send = screen.getByRole('button', { name: /Enviar mensaje|Enviando/ }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('mensaje enviado, te responderemos por correo electrónico')).toBeTruthy();
  });
});
