import { renderWithProviders } from '../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { translatorFor } from '@cryptovest/common';
import { showingText } from './pageCount';
import { PagedTable } from './PagedTable';
import type { PagedColumn } from './types';

interface Row {
  id: string;
  name: string;
  amount: string;
}

const columns: PagedColumn<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Amount', cell: (r) => r.amount },
];
const rows: Row[] = [
  { id: 'a', name: 'Ada', amount: '$12,000' },
  { id: 'b', name: 'Grace', amount: '$150' },
];
const base = {
  label: 'Things',
  columns,
  loading: false,
  failed: false,
  onRetry: () => Promise.resolve(),
  page: 1,
  pageSize: 2,
  onPageChange: jest.fn(),
};

/** Makes MUI's media queries answer as on a 390 px phone (jsdom has no matchMedia). */
function asPhone() {
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

describe('PagedTable', () => {
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
    jest.restoreAllMocks();
  });

  it("says which rows are shown, in the spec's footer words", () => {
    expect(showingText(0, 8, 8, 20)).toBe('Showing 1\u20138 of 20 results');
    expect(showingText(2, 8, 4, 20)).toBe('Showing 17\u201320 of 20 results');
    expect(showingText(0, 4, 1, 1)).toBe('Showing 1\u20131 of 1 result');
  });

  it('shows the footer with pagination, or a See all link instead', () => {
    const { unmount } = renderWithProviders(<PagedTable {...base} result={{ items: rows, total: 6 }} />);
    expect(screen.getByText('Showing 3\u20134 of 6 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(base.onPageChange).toHaveBeenCalledWith(2, expect.objectContaining({ total: 6 }));
    unmount();
    renderWithProviders(<PagedTable {...base} page={0} result={{ items: rows, total: 6 }} seeAllTo="/all" />);
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/all');
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('pages on past a capped count while another page follows, and shows the exact count at the end', () => {
    const onPageChange = jest.fn();
    const capped = { items: rows, total: 1000, totalCapped: true, page: 501, nextCursor: 'n1', prevCursor: 'p1' };
    const { unmount } = renderWithProviders(
      <PagedTable {...base} page={500} onPageChange={onPageChange} result={capped} />,
    );
    expect(screen.getByText('Showing 1001\u20131002 of 1000+ results')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(501, capped);
    unmount();

    const last = { ...capped, items: rows.slice(0, 1), page: 502, nextCursor: null };
    renderWithProviders(<PagedTable {...base} page={501} result={last} />);
    expect(screen.getByText('Showing 1003\u20131003 of 1003 results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the empty text outside the wide table, so a phone shows all of it', () => {
    renderWithProviders(<PagedTable {...base} result={{ items: [], total: 0 }} emptyText="No transactions yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No transactions yet.');
  });

  it('shows rows as cards of label and value on a phone when asked', () => {
    asPhone();
    renderWithProviders(<PagedTable {...base} result={{ items: rows, total: 6 }} phoneCards />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['S/N3NameAdaAmount$12,000', 'S/N4NameGraceAmount$150']);
  });

  it('says that the table scrolls sideways when it is wider than its box', () => {
    asPhone();
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    renderWithProviders(<PagedTable {...base} result={{ items: rows, total: 6 }} />);
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('Scroll sideways to see every column').id).toBe(region.getAttribute('aria-describedby'));
  });
});

describe('PagedTable in German and Spanish (issue 39)', () => {
  const table = { ...base, label: 'Transaktionen' };
  afterEach(() => window.localStorage.clear());

  it('pages a table in German: footer line, S/N, pagination and empty text', () => {
    const { unmount } = renderWithProviders(<PagedTable {...table} result={{ items: rows, total: 6 }} />, {
      locale: 'de',
    });
    expect(screen.getByText('3\u20134 von 6 Ergebnissen')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nr.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur vorherigen Seite' })).toBeTruthy();
    unmount();
    renderWithProviders(<PagedTable {...table} result={{ items: [], total: 0 }} />, { locale: 'de' });
    expect(screen.getByRole('status').textContent).toBe('Keine Ergebnisse.');
  });

  it('says loading and a failed first page with the table’s name (German keeps its capital)', () => {
    const { unmount } = renderWithProviders(<PagedTable {...table} result={undefined} />, { locale: 'de' });
    expect(screen.getByRole('progressbar', { name: 'Wird geladen: Transaktionen' })).toBeTruthy();
    unmount();
    renderWithProviders(<PagedTable {...table} label="Transacciones" failed result={undefined} />, {
      locale: 'es',
    });
    expect(screen.getByRole('alert').textContent).toContain('Error al cargar: transacciones.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('counts with plurals in each language and keeps the English footer', () => {
    const de = translatorFor('de');
    expect(showingText(0, 4, 1, 1, false, de)).toBe('1\u20131 von 1 Ergebnis');
    expect(showingText(500, 2, 2, 1000, true, de)).toBe('1001\u20131002 von 1000+ Ergebnissen');
    expect(showingText(0, 8, 8, 20, false, translatorFor('es'))).toBe('Mostrando 1\u20138 de 20 resultados');
    expect(showingText(0, 8, 8, 20, false, translatorFor('en'))).toBe(showingText(0, 8, 8, 20));
  });
});
