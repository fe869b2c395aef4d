import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider } from './ToastProvider';
import { enqueueToast } from './toasts';

/** The toast host's chunk cannot be fetched: the first time only (offline, then back). */
let failures = 1;
jest.mock('./ToastHost', () => {
  if (failures > 0) {
    failures -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return jest.requireActual('./ToastHost');
});

describe('toasts when their code cannot be fetched', () => {
  it('keeps the page, shows that toast plainly, and fetches notistack again with the next toast', async () => {
    render(<ToastProvider>the page</ToastProvider>);
    await act(async () => void enqueueToast('offline toast', { variant: 'error' }));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('offline toast');
    expect(document.querySelector('.notistack-Snackbar')).toBeNull();

    await act(async () => void enqueueToast('next toast', { variant: 'success' }));
    expect(await screen.findByText('next toast')).toBeTruthy();
    expect(screen.getByText('next toast').closest('.notistack-Snackbar')).not.toBeNull();

    fireEvent.click(screen.getByText('offline toast')); // a plain toast closes when clicked
    expect(screen.queryByText('offline toast')).toBeNull();
  });
});
