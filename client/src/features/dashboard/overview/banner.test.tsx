import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import type { DashboardProfileQuery } from '../../../generated/graphql';
import { Banner } from './Banner';
import { announcementText, bannerContent } from './banner';

const base = { announcement: null, isPremium: false, message: null, planType: null };

describe('bannerContent', () => {
  it('asks a non-premium user to upgrade to their plan type, or premium', () => {
    expect(bannerContent(base).text).toBe('Upgrade your plan to premium and get unlimited access');
    expect(bannerContent({ ...base, planType: 'Gold' }).text).toBe(
      'Upgrade your plan to Gold and get unlimited access',
    );
  });

  it('shows a premium user their message, else congratulations with the plan type', () => {
    expect(bannerContent({ ...base, isPremium: true, message: 'Hi Ada' })).toEqual({ kind: 'message', text: 'Hi Ada' });
    const congrats = bannerContent({ ...base, isPremium: true, planType: 'Platinum' });
    expect(congrats.kind).toBe('congratulations');
    expect(congrats.text).toContain('Platinum');
  });

  it('puts an announcement first, as plain text with line breaks and no markup', () => {
    const html = '<p>Hello <b>all</b></p><script>alert(1)</script><img src=x onerror="alert(2)">Line<br>two';
    expect(announcementText(html)).toBe('Hello all\nalert(1)Line\ntwo');
    expect(bannerContent({ ...base, isPremium: true, announcement: '<p>News</p>' })).toEqual({
      kind: 'announcement',
      text: 'News',
      html: '<p>News</p>',
    });
  });
});

describe('Banner', () => {
  const user = { ...base, __typename: 'User', id: 'u1' } as unknown as DashboardProfileQuery['me'];

  it('links Upgrade now to /dashboard/invest', () => {
    renderWithProviders(<Banner user={user} />);
    expect(screen.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).toBe('/dashboard/invest');
  });

  it('renders announcement HTML through the allow-list only', () => {
    const html =
      '<img src=x onerror="alert(1)"><b onclick="alert(2)" style="color:red">Bold</b><script>alert(3)</script>' +
      '<a href="javascript:alert(4)">bad</a> <a href="https://example.com/news">good</a><iframe src="https://evil.test"></iframe>';
    const { container } = renderWithProviders(<Banner user={{ ...user, announcement: html }} />);
    expect(container.querySelector('img, script, iframe, [onclick], [style*="red"]')).toBeNull();
    expect(container.querySelector('b')?.textContent).toBe('Bold');
    expect(container.textContent).not.toContain('alert(3)');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByRole('link', { name: 'good' }).getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Upgrade now' })).toBeNull();
  });
});
