import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabBar, tabsForJob } from '#ui/tab-bar';
import { renderInRouter } from './render';

describe('tabsForJob', () => {
  it('players (job 0 or none) get no team tab', () => {
    expect(tabsForJob(0)).toEqual(['home', 'report', 'promotion', 'my']);
    expect(tabsForJob(undefined)).toEqual(['home', 'report', 'promotion', 'my']);
  });
  it('agents (job 1) and senior agents (job 2) get the team tab', () => {
    expect(tabsForJob(1)).toEqual(['home', 'report', 'team', 'promotion', 'my']);
    expect(tabsForJob(2)).toEqual(['home', 'report', 'team', 'promotion', 'my']);
  });
});

describe('TabBar', () => {
  const names = () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('renders the player tabs as links in a "Main" navigation', async () => {
    await renderInRouter(() => <TabBar job={0} />);
    expect(names()).toEqual(['Home', 'Report', 'Promotion', 'My']);
    expect(screen.getByRole('link', { name: 'Promotion' }).getAttribute('href')).toBe('/promotion');
  });

  it('adds Team for job 1 and 2', async () => {
    await renderInRouter(() => <TabBar job={2} />);
    expect(names()).toEqual(['Home', 'Report', 'Team', 'Promotion', 'My']);
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/team');
  });

  it('marks the current tab', async () => {
    await renderInRouter(() => <TabBar job={1} />, '/my');
    expect(screen.getByRole('link', { name: 'My' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('TabBar badges', () => {
  it('shows the unread count on My, in its accessible name too', async () => {
    await renderInRouter(() => <TabBar job={0} badges={{ my: 3 }} />);
    const my = screen.getByRole('link', { name: 'My 3 unread' });
    expect(my.querySelector('.tab-bar__badge')?.textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Home' }).querySelector('.tab-bar__badge')).toBeNull();
  });

  it('shows nothing for 0 and caps a large count at 99+', async () => {
    const { unmount } = await renderInRouter(() => <TabBar job={0} badges={{ my: 0 }} />);
    expect(screen.getByRole('link', { name: 'My' }).querySelector('.tab-bar__badge')).toBeNull();
    unmount();
    await renderInRouter(() => <TabBar job={0} badges={{ my: 120 }} />);
    expect(
      screen.getByRole('link', { name: 'My 120 unread' }).querySelector('.tab-bar__badge')?.textContent,
    ).toBe('99+');
  });
});
