import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen } from '@testing-library/react';
import { RetryAlert } from './RetryAlert';

/** Sets what `navigator.onLine` answers and tells the window, as a browser does. */
function goOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('RetryAlert', () => {
  afterEach(() => jest.restoreAllMocks());

  it('retries when the button is pressed', () => {
    const onRetry = jest.fn(() => Promise.resolve());
    renderWithProviders(<RetryAlert onRetry={onRetry}>Could not load your wallet.</RetryAlert>);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says it is offline, and retries by itself when the connection comes back', () => {
    const onRetry = jest.fn(() => Promise.resolve());
    renderWithProviders(<RetryAlert onRetry={onRetry}>Could not load your wallet.</RetryAlert>);
    goOnline(false);
    expect(screen.getByRole('alert').textContent).toContain(
      "You're offline: this loads again by itself when the connection is back.",
    );
    expect(onRetry).not.toHaveBeenCalled();
    goOnline(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).not.toContain("You're offline");
  });
});
