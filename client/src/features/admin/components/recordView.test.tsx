import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense, use, useState } from 'react';
import { PagedTable, type PagedColumn } from '../../../components/paged';
import { ColumnChooser } from './ColumnChooser';
import { RecordDrawer } from './RecordDrawer';
import { useChosenColumns } from './useChosenColumns';
import { useRecordParam } from './useRecordParam';
import { isoDate, oneOf, useUrlFilters, type UrlFilterSpec } from './useUrlFilters';

interface Row {
  id: string;
  name: string;
  amount: string;
  note: string;
}
const rows: Row[] = [
  { id: 'r1', name: 'Ada', amount: '$1.00', note: 'first' },
  { id: 'r2', name: 'Grace', amount: '$2.00', note: 'second' },
];
const columns: PagedColumn<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Amount', cell: (r) => r.amount },
  { header: 'Note', cell: (r) => <button type="button">{r.note}</button> },
];

type Filters = { status: 'PENDING' | 'CONFIRMED'; trxType: 'DEPOSIT' | 'WITHDRAWAL'; from: string };
const FILTERS: UrlFilterSpec<Filters> = {
  status: { parse: oneOf(['PENDING', 'CONFIRMED'] as const) },
  trxType: { param: 'type', parse: oneOf(['DEPOSIT', 'WITHDRAWAL'] as const) },
  from: { parse: isoDate },
};
const SORTS = ['DATE', 'AMOUNT'] as const;

/** A list page as the admin pages build it: URL filters, chosen columns, a drawer per row. */
function ListPage() {
  const paging = useUrlFilters<(typeof SORTS)[number], Filters>({ filters: FILTERS, sortKeys: SORTS });
  const chosen = useChosenColumns('test.columns', columns, { desktop: ['Name', 'Amount'], phone: ['Name'] });
  const record = useRecordParam();
  const open = rows.find((row) => row.id === record.recordId);
  return (
    <>
      <output data-testid="variables">{JSON.stringify(paging.variables)}</output>
      <button type="button" onClick={() => paging.setFilter('trxType', 'WITHDRAWAL')}>
        withdrawals
      </button>
      <button type="button" onClick={() => paging.setFilter('status', undefined)}>
        any status
      </button>
      <button type="button" onClick={() => paging.sortBy('AMOUNT')}>
        by amount
      </button>
      <button
        type="button"
        onClick={() => {
          // Two changes before the router re-renders (a filter chosen, then a search sent while the
          // page's transition to the first was still pending): the second must keep the first.
          paging.setFilter('trxType', 'DEPOSIT');
          paging.setSearch('ada');
        }}
      >
        deposits of ada
      </button>
      <ColumnChooser headers={columns.map((c) => c.header)} columns={chosen} />
      <PagedTable
        label="Things"
        columns={chosen.shown}
        result={{ items: rows, total: 2 }}
        loading={false}
        failed={false}
        onRetry={() => Promise.resolve()}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onRowOpen={(row) => record.open(row.id)}
        openRowId={record.recordId}
      />
      <RecordDrawer
        open={Boolean(open)}
        onClose={record.close}
        onClosed={() => open && record.focusRow(open.id)}
        title={open ? `Record of ${open.name}` : ''}
      >
        <p>{open?.note}</p>
      </RecordDrawer>
    </>
  );
}

/** A section that suspends until `words` resolves, as one loading its catalogue or code does. */
function LateSection({ words }: { words: Promise<string> }) {
  return <p>{use(words)}</p>;
}

/** A drawer under a page-level boundary, whose body starts to suspend once the button is pressed. */
function DrawerWithLateSection({ words }: { words: Promise<string> }) {
  const [late, setLate] = useState(false);
  return (
    <Suspense fallback={<p>page loading</p>}>
      <RecordDrawer open onClose={() => undefined} title="Record of Ada">
        <button type="button" onClick={() => setLate(true)}>
          more
        </button>
        {late && <LateSection words={words} />}
      </RecordDrawer>
    </Suspense>
  );
}

const location = () => screen.getByTestId('location').textContent;
const variables = () => JSON.parse(screen.getByTestId('variables').textContent ?? '{}');

describe('admin record view pieces (issue 38)', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads filters, sort and page from the URL and ignores what it does not accept', () => {
    renderWithProviders(<ListPage />, {
      route: '/admin/transactions?status=PENDING&type=DEPOSIT&from=2026-02-30&sort=AMOUNT&dir=ASC&page=3&q=ada',
    });
    expect(variables()).toEqual({
      page: 3,
      pageSize: 20,
      search: 'ada',
      sortBy: 'AMOUNT',
      sortDirection: 'ASC',
      status: 'PENDING',
      trxType: 'DEPOSIT',
    });
  });

  it('writes filter and sort changes into the URL and goes back to page one', () => {
    renderWithProviders(<ListPage />, { route: '/admin/transactions?status=PENDING&page=2&from=2026-01-31' });
    expect(variables()).toMatchObject({ page: 2, status: 'PENDING', from: '2026-01-31' });
    fireEvent.click(screen.getByRole('button', { name: 'withdrawals' }));
    expect(location()).toBe('/admin/transactions?status=PENDING&from=2026-01-31&type=WITHDRAWAL');
    fireEvent.click(screen.getByRole('button', { name: 'any status' }));
    fireEvent.click(screen.getByRole('button', { name: 'by amount' }));
    expect(location()).toBe('/admin/transactions?from=2026-01-31&type=WITHDRAWAL&sort=AMOUNT&dir=DESC');
    expect(variables()).toMatchObject({ page: 1, trxType: 'WITHDRAWAL', sortBy: 'AMOUNT', sortDirection: 'DESC' });
  });

  it('keeps a change made while the previous one has not re-rendered yet', () => {
    renderWithProviders(<ListPage />, { route: '/admin/transactions?status=PENDING' });
    fireEvent.click(screen.getByRole('button', { name: 'deposits of ada' }));
    expect(location()).toBe('/admin/transactions?status=PENDING&type=DEPOSIT&q=ada');
    fireEvent.click(screen.getByRole('button', { name: 'withdrawals' }));
    expect(location()).toBe('/admin/transactions?status=PENDING&type=WITHDRAWAL&q=ada');
  });

  it('opens a row into the drawer with its own URL, and Escape closes it and returns focus to the row', async () => {
    renderWithProviders(<ListPage />, { route: '/admin/transactions?status=PENDING' });
    const row = screen.getByText('Grace').closest('tr') as HTMLElement;
    expect(row.tabIndex).toBe(0);
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(location()).toBe('/admin/transactions?status=PENDING&record=r2');
    const drawer = await screen.findByRole('dialog', { name: 'Record of Grace' });
    expect(within(drawer).getByText('second')).toBeTruthy();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/admin/transactions?status=PENDING'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Grace').closest('tr')));
  });

  it("opens the drawer from a shared URL and closes it in place; a row's own button does not open it", async () => {
    renderWithProviders(<ListPage />, { route: '/admin/transactions?record=r1' });
    expect(await screen.findByRole('dialog', { name: 'Record of Ada' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/admin/transactions'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The Note column is hidden by default; choose it, then click its button: no drawer.
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Note' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(location()).toBe('/admin/transactions');
    fireEvent.click(screen.getByText('Ada'));
    expect(location()).toBe('/admin/transactions?record=r1');
  });

  it('keeps the drawer shown and focused while a section of it is still loading', async () => {
    let resolve: (words: string) => void = () => undefined;
    const words = new Promise<string>((done) => (resolve = done));
    renderWithProviders(<DrawerWithLateSection words={words} />);
    const drawer = await screen.findByRole('dialog', { name: 'Record of Ada' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'more' })));
    // The boundary is the drawer's body: the page's own fallback does not replace (hide) the drawer.
    expect(await within(drawer).findByRole('status')).toBeTruthy();
    expect(screen.queryByText('page loading')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Record of Ada' })).toBe(drawer);
    await act(async () => resolve('the late words'));
    expect(await within(drawer).findByText('the late words')).toBeTruthy();
  });

  it('shows the default columns, lets every column be chosen and remembers the choice', async () => {
    const { unmount } = renderWithProviders(<ListPage />);
    const headings = () => screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headings()).toEqual(['S/N', 'Name', 'Amount']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const note = screen.getByRole('menuitemcheckbox', { name: 'Note' });
    expect(note.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(note);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Amount' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Note' }).getAttribute('aria-checked')).toBe('true');
    expect(headings()).toEqual(['S/N', 'Name', 'Note']);
    unmount();
    act(() => undefined);
    renderWithProviders(<ListPage />);
    expect(headings()).toEqual(['S/N', 'Name', 'Note']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Default columns' }));
    expect(headings()).toEqual(['S/N', 'Name', 'Amount']);
    expect(window.localStorage.getItem('test.columns:desktop')).toBeNull();
  });

  it('keeps the last column shown', () => {
    window.localStorage.setItem('test.columns:desktop', JSON.stringify(['Name', 'Gone']));
    renderWithProviders(<ListPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Name' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Name' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['S/N', 'Name']);
  });
});
