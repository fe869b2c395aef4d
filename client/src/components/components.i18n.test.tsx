import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translatorFor } from '@cryptovest/common';
import { FormDialog } from './FormDialog';
import { formatPlanDuration, formatPlanProfit, formatPlanRange, priceTag } from './formatPlan';
import { Loader } from './Loader';
import { periodLabel, periodProblem } from './period/periods';
import { RetryAlert } from './RetryAlert';
import { SidebarLayout } from './SidebarLayout';
import { StatementDownload } from './statements/StatementDownload';
import { ThemeModeToggle } from './ThemeModeToggle';
import { formatDate, ProofLink, TrxTypeChip } from './transactionCells';

describe('shared components in German and Spanish (issue 39)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });

  it('downloads a statement in German: period words, dates the German way, the problem said in German', () => {
    renderWithProviders(<StatementDownload />, { locale: 'de' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zeitraum' }));
    const listbox = within(screen.getByRole('listbox'));
    expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dieser Monat',
      'Letzter Monat',
      'Dieses Jahr',
      'Zeitraum wählen',
    ]);
    fireEvent.click(listbox.getByText('Zeitraum wählen'));
    expect(screen.getByRole('group', { name: 'Eigener Zeitraum' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-02-28' } });
    expect(screen.getByTestId('statement-summary').textContent).toBe(
      '1. Feb. 2026 \u2013 28. Feb. 2026, ganze Tage in UTC, beide einschließlich',
    );
    expect(screen.getByRole('button', { name: 'PDF herunterladen' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Der letzte Tag darf nicht vor dem ersten liegen');
    expect((screen.getByRole('button', { name: 'CSV herunterladen' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a period and its problems in each language', () => {
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('1 Nov 2026 \u2013 30 Nov 2026');
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' }, 'es')).toBe('1 nov 2026 \u2013 30 nov 2026');
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' }, 366, translatorFor('de'))).toBe(
      'Wähle höchstens 366 Tage (dieser Zeitraum hat 367)',
    );
  });

  it('formats plans in the reader’s language, English as before', () => {
    expect(formatPlanRange('150.00', '4999.00', 'de')).toBe('150\u00a0$ \u2013 4.999\u00a0$');
    expect(formatPlanRange('30000', null, 'es')).toBe('30.000\u00a0US$+');
    expect(priceTag('150.00')).toBe('$150');
    expect(formatPlanProfit('12.50', translatorFor('de'), 'de')).toBe('12,5 % Gewinn');
    expect(formatPlanProfit('10.00', translatorFor('es'), 'es')).toBe('10 % de beneficio');
    expect(formatPlanDuration(24, translatorFor('de'))).toBe('24 Std.');
    expect(formatPlanDuration(1, translatorFor('en'))).toBe('1 hr');
    expect(formatPlanDuration(24, translatorFor('en'))).toBe('24 hrs');
  });

  it('shows transaction cells in German, timestamps in the German style', () => {
    expect(formatDate('2026-11-22T12:53:00Z', 'de')).toMatch(/^22\.11\.2026, \d{2}:53$/);
    expect(formatDate('2026-11-22T12:53:00Z')).toMatch(/^22 Nov 2026, \d{2}:53$/);
    expect(formatDate('not a date', 'de')).toBe('\u2014');
    renderWithProviders(
      <>
        <TrxTypeChip type="DEPOSIT" />
        <TrxTypeChip type="WITHDRAWAL" />
        <ProofLink url="https://example.com/proof.png" />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByText('EINZAHLUNG')).toBeTruthy();
    expect(screen.getByText('AUSZAHLUNG')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beleg ansehen (öffnet in neuem Tab)' }).textContent).toBe('ansehen');
  });

  it('names the theme toggle, the loader and a dialog’s buttons in German', () => {
    const { unmount } = renderWithProviders(
      <>
        <ThemeModeToggle />
        <Loader />
      </>,
      { locale: 'de' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Systemdesign aktiv. Zum dunklen Design wechseln' }));
    expect(screen.getByRole('button', { name: 'Dunkles Design aktiv. Zum hellen Design wechseln' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Wird geladen' })).toBeTruthy();
    unmount();
    renderWithProviders(
      <FormDialog title="Konto bearbeiten" onClose={jest.fn()} onSubmit={jest.fn()}>
        x
      </FormDialog>,
      { locale: 'de' },
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Speichern' })).toBeTruthy();
  });

  it('says it is offline in Spanish', () => {
    renderWithProviders(<RetryAlert onRetry={() => Promise.resolve()}>No se pudo cargar.</RetryAlert>, {
      locale: 'es',
    });
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alert').textContent).toContain(
      'No tienes conexión: se volverá a cargar solo cuando vuelva la conexión.',
    );
  });

  it('labels the sidebar’s own controls in German', async () => {
    renderWithProviders(<SidebarLayout navLabel="Dashboard" groups={[]} onLogout={jest.fn()} />, {
      locale: 'de',
    });
    await waitFor(() => expect(screen.getAllByText('Abmelden').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toBeTruthy();
  });
});
