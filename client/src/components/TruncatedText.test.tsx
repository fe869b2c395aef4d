import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen } from '@testing-library/react';
import { TruncatedText } from './TruncatedText';

const longName = 'Maximiliana Wilhelmina Theodora von Hohenzollern-Sigmaringen Jr';

describe('TruncatedText', () => {
  afterEach(() => jest.restoreAllMocks());

  // Keyboard focus opens it too (`:focus-visible`, which jsdom lacks): e2e/admin.spec.ts checks that.
  it('cuts a long text with an ellipsis and shows all of it on hover', async () => {
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(540);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    renderWithProviders(<TruncatedText text={longName} maxWidth={200} />);
    const line = screen.getByText(longName);
    expect(getComputedStyle(line).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(line).whiteSpace).toBe('nowrap');
    expect(line.getAttribute('tabindex')).toBe('0'); // reachable by keyboard, for its tooltip
    fireEvent.mouseOver(line);
    expect((await screen.findByRole('tooltip')).textContent).toBe(longName);
  });

  it('is plain text, not a tab stop, when it fits', async () => {
    renderWithProviders(<TruncatedText text="Ada Lovelace" maxWidth={200} />);
    const line = screen.getByText('Ada Lovelace');
    expect(line.getAttribute('tabindex')).toBeNull();
    fireEvent.mouseOver(line);
    await new Promise((resolve) => setTimeout(resolve, 500)); // past the tooltip's enter delay
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the em dash for an empty value', () => {
    renderWithProviders(<TruncatedText text={null} maxWidth={200} />);
    expect(screen.getByText('\u2014')).toBeTruthy();
  });
});
