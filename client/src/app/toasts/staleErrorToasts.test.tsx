import { renderWithProviders } from '../../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen } from '@testing-library/react';
import { useSnackbar, type ProviderContext } from 'notistack';
import { useNavigate } from 'react-router';
import { CloseStaleErrorToasts, STALE_ERROR_MS } from './staleErrorToasts';

/*
 * jsdom never fires transitionend, so a closing toast stays in the DOM; the per-toast onClose
 * callback (with notistack's close reason) is what these tests observe.
 */
describe('CloseStaleErrorToasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  let toasts: ProviderContext;
  function Page() {
    toasts = useSnackbar();
    const navigate = useNavigate();
    return (
      <>
        <CloseStaleErrorToasts />
        <button type="button" onClick={() => void navigate('/dashboard/wallet')}>
          Wallet
        </button>
      </>
    );
  }
  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const show = (message: string, variant: 'error' | 'success') => {
    const onClose = jest.fn();
    act(() => void toasts.enqueueSnackbar(message, { variant, onClose }));
    return onClose;
  };

  it('closes the error toasts of the page left, not the success ones', () => {
    renderWithProviders(<Page />, { route: '/dashboard/settings' });
    const error = show('old password is incorrect', 'error');
    const success = show('profile updated', 'success');
    advance(STALE_ERROR_MS + 200);
    fireEvent.click(screen.getByRole('button', { name: 'Wallet' }));
    expect(error).toHaveBeenCalledWith(null, 'instructed', expect.anything());
    expect(success).not.toHaveBeenCalled();
  });

  it('keeps an error raised by the action that navigates, to be read on the new page', () => {
    renderWithProviders(<Page />, { route: '/login' });
    const error = show('Please verify your e-mail first', 'error');
    advance(100);
    fireEvent.click(screen.getByRole('button', { name: 'Wallet' }));
    expect(error).not.toHaveBeenCalled();
  });
});
