import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { MeDocument } from '../../../generated/graphql';
import { tokenWith } from '../../../test/jwt';
import { RequireUserType } from './RequireUserType';

/** A word of the page, to see which language it is in. */
function Greeting() {
  const { t } = useTranslation();
  return <p>{t('Home')}</p>;
}

const meMock = (locale: string) => ({
  request: { query: MeDocument },
  result: {
    data: { me: { __typename: 'User', id: 'u1', fullName: 'Greta', email: 'g@example.com', type: 'INVESTOR', locale } },
  },
});

describe('RequireUserType', () => {
  beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role: 'investor' })));
  afterEach(() => window.localStorage.clear());

  it('opens the app in the account’s language (chosen on another device)', async () => {
    renderWithProviders(
      <RequireUserType type="INVESTOR" signIn={<p>sign in</p>}>
        <Greeting />
      </RequireUserType>,
      { mocks: [meMock('de')] },
    );
    expect(await screen.findByText('Startseite')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('keeps the page’s language when the account has the same', async () => {
    renderWithProviders(
      <RequireUserType type="INVESTOR" signIn={<p>sign in</p>}>
        <Greeting />
      </RequireUserType>,
      { mocks: [meMock('es')], locale: 'es' },
    );
    expect(await screen.findByText('Inicio')).toBeTruthy();
  });
});
