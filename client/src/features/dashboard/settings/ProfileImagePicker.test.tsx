import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { ProfileImagePicker } from './ProfileImagePicker';

describe('ProfileImagePicker', () => {
  it('is a real button that opens the file chooser (no role on a label: axe aria-allowed-role)', () => {
    renderWithProviders(<ProfileImagePicker fullName="Dana Investor" profileImage={null} />);
    const button = screen.getByRole('button', { name: 'Change profile image' });
    expect(button.tagName).toBe('BUTTON');
    expect(document.querySelector('[role="button"]:not(button)')).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = jest.spyOn(input, 'click');
    button.click();
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
