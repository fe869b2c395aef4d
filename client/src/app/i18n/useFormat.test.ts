import { formatDate } from '../../components/transactionCells';
import { periodLabel } from '../../components/period/periods';
import { formatsFor } from './useFormat';

const at = '2026-11-27T20:25:00.000Z';

describe('formatsFor: dates', () => {
  it('writes an English date and time as the tables do ("27 Nov 2026, 20:25"), not the American way', () => {
    const en = formatsFor('en', 'UTC');
    expect(en.dateTime(at)).toBe('27 Nov 2026, 20:25');
    expect(en.date(at)).toBe('27 Nov 2026');
    // Settings → Security (useFormat) and the tables and drawers (formatDate) write the same instant alike.
    expect(formatsFor('en').dateTime(at)).toBe(formatDate(at, 'en'));
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' }, 'en')).toBe('1 Nov 2026 \u2013 30 Nov 2026');
  });

  it('writes German and Spanish dates as those languages do', () => {
    expect(formatsFor('de', 'UTC').dateTime(at)).toBe('27.11.2026, 20:25');
    expect(formatsFor('es', 'UTC').dateTime(at)).toBe('27 nov 2026, 20:25');
    expect(formatsFor('de').dateTime(at)).toBe(formatDate(at, 'de'));
  });
});
