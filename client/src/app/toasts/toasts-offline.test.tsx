import { act, render, screen } from '@testing-library/react';
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
  it('keeps the page, drops that toast, and fetches again with the next toast', async () => {
    render(<ToastProvider>the page</ToastProvider>);
    await act(async () => void enqueueToast('lost toast', { variant: 'error' }));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('lost toast')).toBeNull();

    await act(async () => void enqueueToast('next toast', { variant: 'success' }));
    expect(await screen.findByText('next toast')).toBeTruthy();
    expect(screen.queryByText('lost toast')).toBeNull();
  });
});
