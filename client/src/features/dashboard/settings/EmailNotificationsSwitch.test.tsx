import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen } from '@testing-library/react';
import { SetEmailNotificationsDocument } from '../../../generated/graphql';
import { EmailNotificationsSwitch } from './EmailNotificationsSwitch';

describe('EmailNotificationsSwitch', () => {
  it('turns notification e-mails off and says security e-mails still go', async () => {
    renderWithProviders(<EmailNotificationsSwitch userId="u1" enabled />, {
      mocks: [
        {
          request: { query: SetEmailNotificationsDocument, variables: { enabled: false } },
          result: { data: { setEmailNotifications: { __typename: 'User', id: 'u1', emailNotifications: false } } },
        },
      ],
    });
    const toggle = screen.getByRole('switch', {
      name: 'E-mail me about my deposits and withdrawals',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Security e-mails .* are always sent\./)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('E-mail notifications turned off')).toBeTruthy();
  });
});
