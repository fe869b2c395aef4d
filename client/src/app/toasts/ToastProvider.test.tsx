import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSnackbar, type ProviderContext } from 'notistack';
import { TOAST_TOP_OFFSET_PX } from './belowNav';
import { ToastProvider } from './ToastProvider';

/*
 * jsdom never fires transitionend, so a closing toast stays in the DOM; the per-toast onClose
 * callback (with notistack's close reason) is what these tests observe.
 */
describe('ToastProvider', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** What a component gets from `useSnackbar()` inside the provider. */
  let toasts: ProviderContext;
  function Caller() {
    toasts = useSnackbar();
    return null;
  }
  const renderProvider = () =>
    render(
      <ToastProvider>
        <Caller />
        app
      </ToastProvider>,
    );
  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const show = (...args: Parameters<ProviderContext['enqueueSnackbar']>) => {
    act(() => void toasts.enqueueSnackbar(...args));
    return screen.getByText(String(args[0]));
  };

  it('shows the message top-right, below the nav buttons', () => {
    renderProvider();
    show('Profile updated', { variant: 'success' });
    advance(500);
    const container = screen.getByText('Profile updated').closest<HTMLElement>('.notistack-SnackbarContainer')!;
    expect(getComputedStyle(container).top).toBe(`${TOAST_TOP_OFFSET_PX}px`);
    expect(getComputedStyle(container).right).toBe('20px');
  });

  it('closes a toast when it is clicked', () => {
    const onClose = jest.fn();
    renderProvider();
    show('profile updated', { variant: 'success', onClose });
    advance(500);
    fireEvent.click(screen.getByText('profile updated'));
    expect(onClose).toHaveBeenCalledWith(null, 'instructed', expect.anything());
  });

  it('closes a toast with its close button', () => {
    const onClose = jest.fn();
    renderProvider();
    show('code sent', { onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(onClose).toHaveBeenCalledWith(null, 'instructed', expect.anything());
  });

  it(`closes by itself after ${TOAST_AUTO_HIDE_MS} ms, not before`, () => {
    const onClose = jest.fn();
    renderProvider();
    show('otp sent to your email', { onClose });
    advance(TOAST_AUTO_HIDE_MS - 100);
    expect(onClose).not.toHaveBeenCalled();
    advance(200);
    expect(onClose).toHaveBeenCalledWith(null, 'timeout', expect.anything());
  });

  it('pauses the countdown while hovered', () => {
    const onClose = jest.fn();
    renderProvider();
    show('account updated', { onClose });
    advance(1000);
    fireEvent.mouseEnter(screen.getByText('account updated').closest('.notistack-Snackbar')!);
    advance(TOAST_AUTO_HIDE_MS * 2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('pauses the countdown while the window is blurred', () => {
    const onClose = jest.fn();
    renderProvider();
    show('deposit confirmed', { onClose });
    advance(1000);
    fireEvent.blur(window);
    advance(TOAST_AUTO_HIDE_MS * 2);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.focus(window);
    advance(TOAST_AUTO_HIDE_MS);
    expect(onClose).toHaveBeenCalledWith(null, 'timeout', expect.anything());
  });
});
