import { type InfiniteData, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRefusalOf, clearApplyRefusals } from '#features/catalogue/apply-refusals.ts';
import {
  catalogueMutationKeys,
  setCatalogueMutationDefaults,
} from '#features/catalogue/catalogue.mutations.ts';
import { catalogueKeys } from '#features/catalogue/catalogue.queries.ts';
import { toastStore } from '#lib/toast';

const answer = (httpStatus: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: httpStatus, headers: { 'content-type': 'application/json' } });

const demand = (demandId: number) => ({
  demandId,
  demandName: `Task ${demandId}`,
  demandDesc: '',
  demandIcon: '/media/icon.svg',
  apply: true,
  link: '',
  pinned: false,
});

/** An action tapped offline, paused, then sent when the connection returns. */
async function tapOfflineThenReconnect(client: QueryClient, key: readonly unknown[], variables: unknown) {
  onlineManager.setOnline(false);
  const done = client
    .getMutationCache()
    .build(client, { mutationKey: [...key] })
    .execute(variables)
    .catch(() => undefined);
  await vi.waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true));
  onlineManager.setOnline(true);
  await client.resumePausedMutations();
  await done;
}

const messages = () => toastStore.get().map((t) => `${t.kind}: ${t.message}`);

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  toastStore.set([]);
  clearApplyRefusals();
});

describe('a queued action leaves the queue only with an answer (issue 11)', () => {
  it('sent without an answer, it waits quietly and goes again: it is not dropped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    setCatalogueMutationDefaults(client);
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(answer(200, { status: 200, message: 'ok', data: { result: true, link: '/s/x' } }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The browser says online, the network is not there (an online signal during a reload, lie-fi).
    const done = client
      .getMutationCache()
      .build(client, { mutationKey: [...catalogueMutationKeys.apply('wx')] })
      .execute('wx8')
      .catch(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getMutationCache().getAll()[0]?.state).toMatchObject({
      status: 'pending',
      failureCount: 1,
    });
    // No "System error": the button says it is still on its way.
    expect(messages()).toEqual([]);

    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(client.getMutationCache().getAll()[0]?.state.status).toBe('success');
    expect(messages()).toContain('positive: Apply succeeded');
  });
});

describe('a queued apply settles with the server’s real answer', () => {
  it('catalogue 2 "tasks all claimed" (result 2): a negative message, the task stays open to apply', async () => {
    const client = new QueryClient();
    setCatalogueMutationDefaults(client);
    const listKey = [...catalogueKeys.dou, 'list', { search: '' }];
    client.setQueryData<InfiniteData<unknown>>(listKey, {
      pages: [{ content: [demand(7)], number: 0, totalPages: 1, totalElements: 1 }],
      pageParams: [0],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { status: 200, message: 'ok', data: { result: 2, link: '' } })),
    );
    await tapOfflineThenReconnect(client, catalogueMutationKeys.apply('dou'), 7);
    expect(messages()).toContainEqual(expect.stringMatching(/^negative: .*Tasks all claimed/));
    const list = client.getQueryData<InfiniteData<{ content: Array<{ apply: boolean }> }>>(listKey);
    expect(list?.pages[0]?.content[0]?.apply).toBe(true);
  });

  it('catalogue 1 "already applied" (409): says so and refreshes the list to show the truth', async () => {
    const client = new QueryClient();
    setCatalogueMutationDefaults(client);
    const listKey = [...catalogueKeys.wx, 'list', { category: '', search: '' }];
    client.setQueryData(listKey, { pages: [], pageParams: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(409, { status: 409, message: 'Already applied', data: { code: 'already_applied' } }),
      ),
    );
    await tapOfflineThenReconnect(client, catalogueMutationKeys.apply('wx'), 'wx9');
    expect(client.getMutationCache().getAll()[0]?.state.status).toBe('error');
    expect(messages()).toContain('negative: You have already applied for this item');
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});

// Issue 31 item 7: a queued catalogue-2 apply refused when sent left the row at Apply with nothing saying
// what the refusal meant or what to do; its toast named neither the task nor a way on.
describe('a queued apply refused when sent says what it means and what to do next', () => {
  const refusedWith = async (result: number) => {
    const client = new QueryClient();
    setCatalogueMutationDefaults(client);
    client.setQueryData<InfiniteData<unknown>>([...catalogueKeys.dou, 'list', { search: '' }], {
      pages: [{ content: [demand(7)], number: 0, totalPages: 1, totalElements: 1 }],
      pageParams: [0],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { status: 200, message: 'ok', data: { result, link: '' } })),
    );
    await tapOfflineThenReconnect(client, catalogueMutationKeys.apply('dou'), 7);
  };

  it('result 0: names the task and asks for the account card; the row keeps the way to it', async () => {
    await refusedWith(0);
    expect(messages()).toContain(
      'negative: Your queued apply for Task 7: Not yet participated, cannot claim. Add your short-video account card first, then apply again.',
    );
    expect(applyRefusalOf('dou', 7)).toMatchObject({ needsAppCard: true });
  });

  it('result 2: all claimed, nothing more to do', async () => {
    await refusedWith(2);
    expect(messages()).toContain(
      'negative: Your queued apply for Task 7: Tasks all claimed. Every claim of this task is taken: there is nothing more to do.',
    );
    expect(applyRefusalOf('dou', 7)).toMatchObject({ needsAppCard: false });
  });

  it('result -1: the task is no longer available', async () => {
    await refusedWith(-1);
    expect(messages()).toContain(
      'negative: Your queued apply for Task 7: Data error. This task is no longer available.',
    );
  });

  it('applying again clears the row’s note; a success leaves none', async () => {
    await refusedWith(0);
    expect(applyRefusalOf('dou', 7)).toBeDefined();
    await refusedWith(1);
    expect(applyRefusalOf('dou', 7)).toBeUndefined();
    expect(messages()).toContain('positive: Apply succeeded');
  });
});
