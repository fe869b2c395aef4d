import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider } from './ToastProvider';
import { enqueueToast } from './toasts';

/*
 * Its own file (a fresh module registry): no toast has been shown before the first test, so
 * notistack has not been loaded yet. notistack builds its styles with goober as its module
 * loads, and goober puts them in a `<style id="_goober">`.
 */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });

describe('toasts', () => {
  it('loads no toast code until the first toast, then shows it', async () => {
    render(<ToastProvider>app</ToastProvider>);
    await settle();
    expect(document.getElementById('_goober')).toBeNull();

    await act(async () => void enqueueToast('first toast', { variant: 'success' }));
    expect(await screen.findByText('first toast')).toBeTruthy();
    expect(document.getElementById('_goober')).not.toBeNull();
  });

  it('keeps toasts asked for while no host is mounted, and shows them once one is', async () => {
    render(<ToastProvider>app</ToastProvider>);
    await act(async () => {
      enqueueToast('second toast', { variant: 'info' });
      enqueueToast('third toast', { variant: 'error' });
    });
    expect(await screen.findByText('second toast')).toBeTruthy();
    expect(await screen.findByText('third toast')).toBeTruthy();
  });
});

describe('toasts warmed by the first key press', () => {
  it('fetches the toast code at the first key press, before any toast', async () => {
    await jest.isolateModulesAsync(async () => {
      const { warmToasts } = await import('./toasts');
      document.getElementById('_goober')?.remove();
      const stop = warmToasts(window);
      fireEvent.keyDown(window, { key: 'Tab' });
      await settle();
      stop();
      expect(document.getElementById('_goober')).not.toBeNull();
    });
  });
});
