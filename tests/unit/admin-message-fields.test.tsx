import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '#features/admin/admin.queries.ts';
import { MessagesPage } from '#features/admin/components/messages-page.tsx';
import { queryClient } from '#lib/query-client';
import { stubApi, withApp } from './api-stub';

// Issue 31 item 19: the console's message form said "This field is required" beside each empty field
// without naming any of them.

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the message form', () => {
  it('names the empty field its problem is about', async () => {
    const page = { content: [], totalPages: 0, number: 0, totalElements: 0 };
    const sent = stubApi({ '/admin/messages/sends': page });
    queryClient.setQueryData(adminKeys.messageSends(0), page);
    withApp(<MessagesPage filters={{ page: 0 }} onFilters={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'UIDs' }), '10000002');
    const [body] = screen.getAllByRole('textbox', { name: /^Text \(/ });
    await user.type(body as HTMLElement, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const [title] = screen.getAllByRole('textbox', { name: /^Title \(/ });
    const label = screen.getByText((_, el) => el instanceof HTMLLabelElement && el.htmlFor === title?.id);
    expect(await screen.findByText(`${label.textContent} is required`)).toBeTruthy();
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(sent.some((s) => s.path === '/admin/messages/send')).toBe(false);
  });
});
