import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { setToken } from '../../app/session/session';
import { presetRange, periodProblem } from '../period/periods';
import { StatementDownload } from './StatementDownload';

/** The browser's fetch, answered here (jsdom has none): the server is not part of this test. */
const fetchMock = jest.fn();
const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  ({
    ok: status < 400,
    status,
    headers: new Headers(headers),
    json: async () => JSON.parse(String(body)),
    blob: async () => new Blob([body]),
  }) as unknown as Response;

beforeEach(() => {
  fetchMock.mockReset();
  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:statement'), revokeObjectURL: jest.fn() });
  setToken('session-token');
});

describe('statement periods', () => {
  it('are whole calendar months and years in UTC', () => {
    const today = new Date('2026-03-15T23:30:00Z');
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', new Date('2026-01-10T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('say what is wrong with a custom period before it is sent', () => {
    expect(periodProblem({ from: '2026-03-01' })).toBe('Choose the first and the last day');
    expect(periodProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The last day must not be before the first');
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' }, 366)).toBe(
      'Choose at most 366 days (this period has 367)',
    );
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-01' }, 366)).toBeNull();
  });
});

describe('StatementDownload', () => {
  it("fetches the chosen period's PDF with the session's token and saves it under the server's name", async () => {
    fetchMock.mockResolvedValue(
      answer(200, '%PDF-1.3', {
        'content-disposition': 'attachment; filename=cryptovest-statement-2026-02-01-to-2026-02-28.pdf',
      }),
    );
    renderWithProviders(<StatementDownload userId="0b6f2a36-6c3e-4f59-9a4f-2d0f4f0a9c11" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Custom dates'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('Saved cryptovest-statement-2026-02-01-to-2026-02-28.pdf');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/statements?from=2026-02-01&to=2026-02-28&format=pdf&userId=0b6f2a36-6c3e-4f59-9a4f-2d0f4f0a9c11',
      { headers: { authorization: 'Bearer session-token' } },
    );
  });

  it("shows the server's reason, and the connection when no answer came", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(
        403,
        JSON.stringify({ errors: [{ error: 'You can download only your own statement', code: 'FORBIDDEN' }] }),
      ),
    );
    renderWithProviders(<StatementDownload />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not download the statement: You can download only your own statement',
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Could not reach the server: check your connection and try again.',
      ),
    );
  });

  it('sends nothing while a custom period is backwards, and says why', () => {
    renderWithProviders(<StatementDownload />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Custom dates'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toContain('The last day must not be before the first');
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
