import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
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
describe('AuditLogPage in Spanish', () => {
  it('says the columns, subjects and filters in Spanish, with the date in the Spanish format', async () => {
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
    const [, , second] = within(table).getAllByRole('row');
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
  });
});
