import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { testAppConfig } from '../../test/fixtures.ts';
import { MenuNav } from './MenuNav.tsx';

function renderMenu(pathname: string) {
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <MenuNav pathname={pathname} links={testAppConfig.links} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
  const current = within(nav)
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('href'));
  return { nav, current };
}

describe('side menu', () => {
  it('shows the five groups of spec §2 with their items in order', () => {
    const { nav } = renderMenu('/');
    const headings = within(nav)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Allgemein',
      'Persönliches',
      'Mitgliedschaften',
      'Auszeichnungen',
      'Sonstiges',
    ]);
    const general = within(nav).getByRole('region', { name: 'Allgemein' });
    expect(
      within(general)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/blog', '/events', '/calendar']);
    const misc = within(nav).getByRole('region', { name: 'Sonstiges' });
    expect(
      within(misc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/clubs', '/inbox', '/logs', testAppConfig.links.updates, testAppConfig.links.help]);
  });

  it('opens the external help links and the footer in a new tab', () => {
    const { nav } = renderMenu('/');
    for (const href of Object.values(testAppConfig.links)) {
      const link = within(nav)
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(nav).getByRole('link', { name: /Impressum/ })).toHaveAttribute(
      'href',
      testAppConfig.links.imprint,
    );
    expect(within(nav).getByRole('link', { name: /Datenschutz/ })).toHaveAttribute(
      'href',
      testAppConfig.links.privacy,
    );
  });

  it.each([
    ['/', ['/']],
    ['/blog', ['/blog']],
    ['/blog/abc', ['/blog']],
    ['/events/42', ['/events']],
    ['/eventsx', []],
    ['/teams/7', ['/teams']],
    ['/account', []],
    ['/profile/address', ['/profile', '/profile/address']],
    ['/profile/Phone', ['/profile', '/profile/phone']],
  ])('on %s marks %j as current (dashboard only on exact /)', (pathname, expected) => {
    expect(renderMenu(pathname).current).toEqual(expected);
  });

  it('shows the profile sub-items only under /profile', () => {
    const outside = renderMenu('/events');
    expect(within(outside.nav).queryByRole('link', { name: 'Adressen' })).not.toBeInTheDocument();
    cleanup();

    const inside = renderMenu('/profile');
    for (const name of [
      'Adressen',
      'E-Mail-Adressen',
      'Telefonnummern',
      'Bankverbindungen',
      'Kleidergrößen',
    ]) {
      expect(within(inside.nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(inside.nav).getByRole('link', { name: 'Kleidergrößen' })).toHaveAttribute(
      'href',
      '/profile/confectionInformations',
    );
  });
});
