import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminAuditLogDocument, AuditActionsDocument } from '../../../generated/graphql';
import { AuditLogPage } from './AuditLogPage';

const person = (id: string, fullName: string) => ({ __typename: 'AuditPerson', id, fullName, email: `${id}@x.test` });
const entry = (id: string, extra: object) => ({
  __typename: 'AuditEntry',
  id,
  action: 'user.admin_updated',
  actionLabel: 'Edited a user',
  actor: person('admin1', 'Root Admin'),
  subjectType: 'user',
  subjectId: 'u1',
  subjectOwner: person('u1', 'Ada Lovelace'),
  ip: '10.0.0.1',
  details: [{ __typename: 'AuditDetail', key: 'fields', value: '["city"]' }],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const page = (variables: object, items: object[]) => ({
  request: { query: AdminAuditLogDocument, variables },
  result: {
    data: {
      auditLog: {
        __typename: 'AuditEntryPage',
        page: 1,
        pageSize: 20,
        total: items.length,
        totalCapped: false,
        nextCursor: null,
        prevCursor: null,
        items,
      },
    },
  },
});
const actions = {
  request: { query: AuditActionsDocument },
  result: {
    data: {
      auditActions: [
        { __typename: 'AuditAction', action: 'login.success', label: 'Signed in' },
        { __typename: 'AuditAction', action: 'user.admin_updated', label: 'Edited a user' },
      ],
    },
  },
  maxUsageCount: 5,
};
const location = () => screen.getByTestId('location').textContent;

describe('AuditLogPage', () => {
  it('shows who did what to which record, linking each subject to its drawer', async () => {
    renderWithProviders(<AuditLogPage />, {
      route: '/admin/audit',
      mocks: [
        actions,
        page({ page: 1, pageSize: 20 }, [
          entry('1', {}),
          entry('2', {
            action: 'account.adjusted',
            actionLabel: 'Adjusted an account',
            subjectType: 'account',
            subjectId: 'acc9',
            details: [{ __typename: 'AuditDetail', key: 'reason', value: 'goodwill' }],
          }),
          entry('3', {
            action: 'transaction.status',
            actionLabel: 'Changed a transaction status',
            subjectType: 'transaction',
            subjectId: 't7',
          }),
          entry('4', {
            action: 'login.failure',
            actionLabel: 'Failed to sign in',
            actor: null,
            subjectType: 'api_key',
          }),
        ]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Edited a user')).toBeTruthy();
    expect(within(rows[0]).getByText('Root Admin')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/users?record=u1',
    );
    expect(within(rows[0]).getByText('fields: ["city"] · IP 10.0.0.1')).toBeTruthy();
    // An account opens on the accounts list, keyed by its owner.
    expect(within(rows[1]).getByRole('link', { name: 'Account of Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/accounts?record=u1',
    );
    expect(within(rows[2]).getByRole('link', { name: 'Transaction of Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/transactions?record=t7',
    );
    expect(within(rows[3]).getByText('System')).toBeTruthy();
    expect(within(rows[3]).getByText('api key')).toBeTruthy();
  });

  it('filters by action and actor into the URL and the query', async () => {
    renderWithProviders(<AuditLogPage />, {
      route: '/admin/audit',
      mocks: [
        actions,
        page({ page: 1, pageSize: 20 }, [entry('1', {})]),
        page({ page: 1, pageSize: 20, action: 'login.success' }, [
          entry('5', { action: 'login.success', actionLabel: 'Signed in', subjectOwner: person('u2', 'Bob Sign') }),
        ]),
        page({ page: 1, pageSize: 20, action: 'login.success', actor: 'bob' }, [
          entry('6', { action: 'login.success', actionLabel: 'Signed in', actor: person('u2', 'Bob Only') }),
        ]),
      ],
    });
    await screen.findByText('Ada Lovelace');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: 'Signed in' }));
    await screen.findByText('Bob Sign');
    expect(location()).toBe('/admin/audit?action=login.success');
    fireEvent.change(screen.getByRole('searchbox', { name: 'search by actor name or e-mail' }), {
      target: { value: 'bob' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await screen.findByText('Bob Only');
    expect(location()).toBe('/admin/audit?action=login.success&q=bob');
  });

  it('reads a bookmarked range of local days and refuses an inverted one without asking the server', async () => {
    renderWithProviders(<AuditLogPage />, {
      route: '/admin/audit?from=2026-11-01&to=2026-11-02&action=login.success',
      mocks: [
        actions,
        page(
          {
            page: 1,
            pageSize: 20,
            action: 'login.success',
            from: new Date(2026, 10, 1).toISOString(),
            to: new Date(2026, 10, 3).toISOString(),
          },
          [entry('7', { actionLabel: 'Signed in', subjectOwner: person('u3', 'In Range') })],
        ),
      ],
    });
    expect(await screen.findByText('In Range')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The end date comes before the start date.')).toBeTruthy();
    await waitFor(() => expect(location()).toContain('to=2026-10-01'));
  });
});

describe('AuditLogPage in Spanish', () => {
  it('says the columns, actions, subjects and filters in Spanish, with the date in the Spanish format', async () => {
    renderWithProviders(<AuditLogPage />, {
      route: '/admin/audit',
      locale: 'es',
      mocks: [
        actions,
        page({ page: 1, pageSize: 20 }, [
          entry('1', {
            action: 'account.adjusted',
            actionLabel: 'Adjusted an account',
            subjectType: 'account',
            subjectId: 'acc9',
          }),
          entry('2', { actor: null, subjectType: 'api_key', subjectId: 'k1', subjectOwner: null }),
        ]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cuándo', 'Quién', 'Acción', 'Objeto', 'Detalles']);
    expect(within(table).getByRole('link', { name: 'Cuenta de Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/accounts?record=u1',
    );
    const [, first, second] = within(table).getAllByRole('row');
    // The server's English action labels are catalogue keys, said in the reader's language.
    expect(within(first).getByText('Ajustó una cuenta')).toBeTruthy();
    expect(within(second).getByText('Editó un usuario')).toBeTruthy();
    expect(within(second).getByText('Sistema')).toBeTruthy();
    expect(within(second).getByText('clave de API')).toBeTruthy();
    const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-20T10:00:00.000Z'),
    );
    expect(within(second).getByText(when)).toBeTruthy();
    expect(second.textContent).toContain('IP 10.0.0.1');
    expect(screen.getByRole('searchbox', { name: 'buscar por nombre o correo del autor' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('La fecha final es anterior a la inicial.')).toBeTruthy();
    // The action filter offers the actions in Spanish too.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Acción' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Todas las acciones', 'Inició sesión', 'Editó un usuario']);
  });
});
