import { CATALOGUES, translatorFor } from '@cryptovest/common';
import { AUDIT_ACTIONS, auditActionLabel } from './audit-actions';

// Issue 39: the audit log page (client/src/features/admin/audit) shows each action's English
// label with `t(label)` in the `admin` namespace, so every label must be a key of that catalogue
// (common/src/i18n/catalogues.test.ts then holds Spanish and German to the same keys).

describe('the audit actions’ labels', () => {
  it('are all keys of the English admin catalogue, so the audit log says them in the reader’s language', () => {
    const english = CATALOGUES.en.admin;
    expect(Object.values(AUDIT_ACTIONS).filter((label) => !(label in english))).toEqual([]);
  });

  it('are said in Spanish and German, English staying as the server words it', () => {
    const label = auditActionLabel('user.register');
    expect(translatorFor('en', 'admin')(label)).toBe('Signed up');
    expect(translatorFor('es', 'admin')(label)).toBe('Se registró');
    expect(translatorFor('de', 'admin')(label)).toBe('Hat sich registriert');
  });
});
