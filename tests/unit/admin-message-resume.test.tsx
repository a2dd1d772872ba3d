import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageBroadcast } from '#contract/admin/message';
import { adminKeys } from '#features/admin/admin.queries.ts';
import { MessagesPage } from '#features/admin/components/messages-page.tsx';
import { queryClient } from '#lib/query-client';
import { stubApi, withApp } from './api-stub';

// The console's past sends: a send cut short offers "Finish sending", which asks the server to finish it by
// its id (the server resends under the send's own key); a finished send, and one that cannot be rebuilt
// (named UIDs it did not keep), offer nothing.

const send = (
  fields: Partial<MessageBroadcast> & Pick<MessageBroadcast, 'id' | 'title'>,
): MessageBroadcast => ({
  segment: 'uids',
  uids: [10000002],
  defaultLocale: 'en-US',
  body: 'Body',
  locales: ['en-US'],
  recipients: 0,
  skipped: 0,
  unknownUids: [],
  byUid: 10000001,
  createdAt: Date.UTC(2026, 10, 28, 2),
  finishedAt: null,
  ...fields,
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('past sends', () => {
  it('a send cut short is finished by its id; the others offer nothing', async () => {
    const sends = [
      send({ id: 3, title: 'Cut short' }),
      send({ id: 2, title: 'Old send', uids: null }),
      send({ id: 1, title: 'Done', recipients: 4, finishedAt: Date.UTC(2026, 10, 28, 1) }),
    ];
    const page = { content: sends, totalPages: 1, number: 0, totalElements: 3 };
    const sent = stubApi({
      '/admin/messages/sends': page,
      '/admin/messages/resume': { id: 3, recipients: 1, skipped: 0, unknownUids: [] },
    });
    queryClient.setQueryData(adminKeys.messageSends(0), page);
    withApp(<MessagesPage filters={{ page: 0 }} onFilters={() => undefined} />);

    const row = (title: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(title));
    expect(row('Done')?.textContent).toContain('4 received, 0 left out');
    expect(within(row('Old send') as HTMLElement).queryByRole('button')).toBeNull();
    const finish = screen.getByRole('button', { name: 'Finish sending Cut short' });
    await userEvent.setup().click(finish);
    await waitFor(() => expect(sent.some((s) => s.path === '/admin/messages/resume')).toBe(true));
    expect(sent.filter((s) => s.path === '/admin/messages/resume').map((s) => s.body)).toEqual([{ id: 3 }]);
  });
});
