import { nextPosition } from './useAdminPaging';

describe('nextPosition (admin tables paging by cursor)', () => {
  const shown = { items: [], total: 1000, totalCapped: true, page: 6, nextCursor: 'after-6', prevCursor: 'before-6' };

  it('steps to the next or previous page from the cursors of the page shown', () => {
    expect(nextPosition({ page: 5 }, 6, shown)).toEqual({ page: 6, after: 'after-6' });
    expect(nextPosition({ page: 5, after: 'after-5' }, 4, shown)).toEqual({ page: 4, before: 'before-6' });
  });

  it('asks by number for a jump, for page one, and without cursors', () => {
    expect(nextPosition({ page: 5 }, 9, shown)).toEqual({ page: 9 });
    expect(nextPosition({ page: 1 }, 0, { ...shown, page: 2 })).toEqual({ page: 0 });
    expect(nextPosition({ page: 5 }, 6, { ...shown, nextCursor: null })).toEqual({ page: 6 });
    expect(nextPosition({ page: 5 }, 6)).toEqual({ page: 6 });
  });

  it('asks by number when the rows on screen are still the previous page (its answer is loading)', () => {
    // Page 7 was asked for (state 6) while page 6's rows (server page 6 = index 5) are still shown.
    expect(nextPosition({ page: 6, after: 'after-6' }, 7, shown)).toEqual({ page: 7 });
  });
});
