import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen } from '@testing-library/react';
import { CopyValue } from './CopyValue';

describe('CopyValue', () => {
  afterEach(() => jest.useRealTimers());

  it('cuts the value to 20 characters and says Copied! for 1.5 s', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    renderWithProviders(<CopyValue value={address} what="wallet address" />);
    expect(screen.getByText('bc1qxy2kgdygjrsqtzq2\u2026')).toBeTruthy();
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith(address);
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});
