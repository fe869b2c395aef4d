import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_TOP_OFFSET_PX } from './belowNav';
import { ToastProvider } from './ToastProvider';
import { enqueueToast } from './toasts';

/*
 * jsdom never fires transitionend, so a closing toast stays in the DOM; the per-toast onClose
 * callback (with notistack's close reason) is what these tests observe. The first toast loads
 * notistack (a dynamic import): `show` waits for it.
 */
describe('ToastProvider', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const show = async (...args: Parameters<typeof enqueueToast>) => {
    await act(async () => {
      enqueueToast(...args);
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    await screen.findByText(String(args[0]));
  };

  it('closes a toast when it is clicked', async () => {
    const onClose = jest.fn();
    render(<ToastProvider>app</ToastProvider>);
    await show('profile updated', { variant: 'success', onClose });
    advance(500);
    fireEvent.click(screen.getByText('profile updated'));
    expect(onClose).toHaveBeenCalledWith(null, 'instructed', expect.anything());
  });

  it(`closes by itself after ${TOAST_AUTO_HIDE_MS} ms, not before`, async () => {
    const onClose = jest.fn();
    render(<ToastProvider>app</ToastProvider>);
    await show('otp sent to your email', { onClose });
    advance(TOAST_AUTO_HIDE_MS - 100);
    expect(onClose).not.toHaveBeenCalled();
    advance(200);
    expect(onClose).toHaveBeenCalledWith(null, 'timeout', expect.anything());
  });

  it('pauses the countdown while hovered', async () => {
    const onClose = jest.fn();
    render(<ToastProvider>app</ToastProvider>);
    await show('account updated', { onClose });
    advance(1000);
    fireEvent.mouseEnter(screen.getByText('account updated').closest('.notistack-Snackbar')!);
    advance(TOAST_AUTO_HIDE_MS * 2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts top-right toasts below the nav buttons', async () => {
    render(<ToastProvider>app</ToastProvider>);
    await show('profile updated', { variant: 'success' });
    advance(500);
    const container = screen.getByText('profile updated').closest<HTMLElement>('.notistack-SnackbarContainer')!;
    expect(getComputedStyle(container).top).toBe(`${TOAST_TOP_OFFSET_PX}px`);
  });
});
