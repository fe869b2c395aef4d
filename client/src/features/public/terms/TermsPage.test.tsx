import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { DEFAULT_SITE_CONFIG } from '@cryptovest/common';
import { screen, within } from '@testing-library/react';
import { SiteProvider } from '../../../app/site/site';
import { TermsPage } from './TermsPage';

const site = {
  ...DEFAULT_SITE_CONFIG,
  brandName: 'Acme Invest',
  companyName: 'Acme Ltd',
  supportEmail: 'help@acme.test',
};

function renderTerms(locale: 'en' | 'de' | 'es' = 'en') {
  return renderWithProviders(
    <SiteProvider value={site}>
      <TermsPage />
    </SiteProvider>,
    { route: '/terms', locale },
  );
}

describe('TermsPage', () => {
  it('words the terms with the operator’s names and ends with the contact links', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of use');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(11);
    expect(screen.getByText(/operated by Acme Ltd \("we", "us"\)/).textContent).toContain('Acme Invest website');
    const contact = screen.getByRole('heading', { level: 2, name: 'Contact' }).parentElement!;
    expect(contact.textContent).toBe(
      'ContactQuestions about these terms? Write to Acme Ltd at help@acme.test or use our contact form.',
    );
    expect(within(contact).getByRole('link', { name: 'help@acme.test' }).getAttribute('href')).toBe(
      'mailto:help@acme.test',
    );
    expect(within(contact).getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact');
  });

  it('is fully translated into German, links included', () => {
    renderTerms('de');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nutzungsbedingungen');
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toHaveLength(11);
    expect(h2).toContain('Haftungsbeschränkung');
    expect(screen.getByText(/betrieben von Acme Ltd/).textContent).toContain('Anlegerkontos von Acme Invest');
    const contact = screen.getByRole('heading', { level: 2, name: 'Kontakt' }).parentElement!;
    expect(contact.textContent).toContain('Schreib an Acme Ltd unter help@acme.test oder nutze unser Kontaktformular.');
    expect(within(contact).getByRole('link', { name: 'Kontaktformular' }).getAttribute('href')).toBe('/contact');
    // Every paragraph is German: no English sentence of the terms is left.
    expect(document.body.textContent).not.toMatch(/\b(the|you|your)\b/);
  });

  it('is translated into Spanish', () => {
    renderTerms('es');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Condiciones de uso');
    expect(screen.getByRole('link', { name: 'formulario de contacto' }).getAttribute('href')).toBe('/contact');
    expect(document.body.textContent).not.toMatch(/\b(the|you|your)\b/);
  });
});
