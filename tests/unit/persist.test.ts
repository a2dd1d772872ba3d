import 'fake-indexeddb/auto';
import { type InfiniteData, onlineManager, type QueryCache, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { clear, createStore, entries } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '#contract/auth';
import { userQueries } from '#features/auth/auth.queries.ts';
import { setCatalogueMutationDefaults } from '#features/catalogue/catalogue.mutations.ts';
import { catalogueQueries } from '#features/catalogue/catalogue.queries.ts';
import { contentQueries } from '#features/content/content.queries.ts';
import { noticeQueries } from '#features/notices/notices.queries.ts';
import { promotionQueries } from '#features/promotion/promotion.queries.ts';
import { walletQueries } from '#features/wallet/wallet.queries.ts';
import { PERSIST_KEY_PREFIX, partitionFor, type QueryPersistence, startQueryPersistence } from '#lib/persist';
import { queryClient as appClient } from '#lib/query-client';
import { logout, setUser } from '#lib/session';
import { userInfo } from './fixtures';

const idb = createStore('beacon', 'query-cache');
const stored = async () => new Map(await entries<string, PersistedClient>(idb));
const storedKeys = async (partition: string) =>
  ((await stored()).get(`${PERSIST_KEY_PREFIX}${partition}`)?.clientState.queries ?? []).map((query) =>
    JSON.stringify(query.queryKey),
  );

/** Writes are throttled (1 s): wait until the partition holds what the test expects. */
async function waitForStored(
  partition: string,
  check: (client: PersistedClient | undefined) => boolean,
  withinMs = 4000,
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const client = (await stored()).get(`${PERSIST_KEY_PREFIX}${partition}`);
    if (check(client)) return client;
    if (Date.now() > deadline) throw new Error(`partition ${partition} never matched`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Puts data in the cache as the features' own queryOptions would (meta, gcTime and all). */
type BuildOptions = Parameters<QueryCache['build']>[1];
function seed(client: QueryClient, options: { queryKey: readonly unknown[] }, data: unknown) {
  const query = client.getQueryCache().build(client, options as BuildOptions);
  query.setData(data);
  return query;
}

const page = <T>(number: number, content: T[]) => ({ content, number, totalPages: 7, totalElements: 320 });
const wxApp = (id: number) => ({
  id,
  appid: `wx${id}`,
  appname: `Game ${id}`,
  brief_intro: '',
  logo_square: '/media/logo.svg',
  category_2_name: 'Casual',
  newcps: 0.1,
  apply: true,
  link: '',
  pinned: false,
});
const threePages = (): InfiniteData<ReturnType<typeof page>> => ({
  pages: [page(0, [wxApp(1)]), page(1, [wxApp(51)]), page(2, [wxApp(101)])],
  pageParams: [0, 1, 2],
});

const user = (uid: number) => userInfo({ uid });
const session = (uid: number, token: string): SessionResponse => ({
  token,
  tokenHead: 'Bearer ',
  user: user(uid),
});

let running: QueryPersistence[] = [];
async function start(client: QueryClient, buster = 'build-1', restoreTimeoutMs?: number) {
  const persistence = await startQueryPersistence(client, { buster, restoreTimeoutMs });
  running.push(persistence);
  return persistence;
}

beforeEach(async () => {
  logout();
  await clear(idb);
});
afterEach(() => {
  for (const persistence of running) persistence.stop();
  running = [];
  onlineManager.setOnline(true);
  appClient.clear();
});

/**
 * A slow disk: a read-write transaction on the store, kept alive until released, holds back every read
 * of the restore (IndexedDB runs overlapping transactions on one store in order).
 */
async function holdStore(): Promise<() => void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('beacon');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction('query-cache', 'readwrite').objectStore('query-cache');
  let held = true;
  const keepAlive = () => {
    if (held) store.get('keep-alive').onsuccess = keepAlive;
  };
  keepAlive();
  return () => {
    held = false;
    db.close();
  };
}

/** A session that taps apply while offline: the apply waits, queued in storage, and nothing is sent. */
async function queueApplyOffline(appid: string) {
  const first = new QueryClient();
  setCatalogueMutationDefaults(first);
  const persistence = await start(first);
  onlineManager.setOnline(false);
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  void first
    .getMutationCache()
    .build(first, { mutationKey: ['catalogue', 'wx', 'apply'] })
    .execute(appid)
    .catch(() => undefined);
  await waitForStored('guest', (c) => (c?.clientState.mutations.length ?? 0) === 1);
  expect(fetchMock).not.toHaveBeenCalled();
  persistence.stop();
  return fetchMock;
}

const applied = () =>
  new Response(JSON.stringify({ status: 200, message: 'ok', data: { result: true, link: '/s/abc' } }), {
    headers: { 'content-type': 'application/json' },
  });

describe('persisted query cache', () => {
  it('keeps launch data only: banners, notices, strips, first pages of the unfiltered lists, user, balance, level', async () => {
    const client = new QueryClient();
    await start(client);
    seed(client, contentQueries.banners('en-US'), []);
    seed(client, contentQueries.notices(7, 'en-US'), [{ id: 1, content: 'Hello' }]);
    seed(client, noticeQueries.centre(7, 'en-US'), [
      { id: 1, title: '', body: 'Hello', publishFrom: 1, publishUntil: null, read: false },
    ]);
    seed(client, catalogueQueries.wxNewest(7, 'en-US'), []);
    seed(client, catalogueQueries.douNewest(7, 'en-US'), []);
    seed(client, catalogueQueries.wxList({ category: '', search: '', viewer: 7 }, 'en-US'), threePages());
    seed(client, catalogueQueries.douList({ search: '', viewer: 7 }, 'en-US'), {
      pages: [page(0, [])],
      pageParams: [0],
    });
    seed(client, promotionQueries.myWx(7, 'en-US'), { pages: [page(0, [])], pageParams: [0] });
    seed(client, userQueries.me(), { user: user(7) });
    seed(client, walletQueries.secondary(), null);
    seed(client, walletQueries.level(), { vipState: { level: 1, historySteam: 10 }, meta: [] });
    // Not launch data: a search, a category, a detail, the help page, the records.
    seed(client, catalogueQueries.wxList({ category: '', search: 'race', viewer: 7 }, 'en-US'), threePages());
    seed(
      client,
      catalogueQueries.wxList({ category: 'Casual', search: '', viewer: 7 }, 'en-US'),
      threePages(),
    );
    seed(client, catalogueQueries.douList({ search: 'dance', viewer: 7 }, 'en-US'), {
      pages: [],
      pageParams: [],
    });
    seed(client, catalogueQueries.wxDetail(1, 7, 'en-US'), wxApp(1));
    seed(client, contentQueries.page('help', 'en-US'), { title: 'Help', content: '' });
    // A query that never answered has nothing to show.
    client.getQueryCache().build(client, contentQueries.banners('ko-KR') as BuildOptions);

    const saved = await waitForStored('guest', (c) => (c?.clientState.queries.length ?? 0) >= 11);
    expect(new Set(await storedKeys('guest'))).toEqual(
      new Set(
        [
          ['content', 'banners', 'en-US'],
          ['content', 'notices', 7, 'en-US'],
          ['notices', 'centre', 7, 'en-US'],
          ['catalogue', 'wx', 'newest', 7, 'en-US'],
          ['catalogue', 'dou', 'newest', 7, 'en-US'],
          ['catalogue', 'wx', 'list', { category: '', search: '', viewer: 7 }, 'en-US'],
          ['catalogue', 'dou', 'list', { search: '', viewer: 7 }, 'en-US'],
          ['promotion', 'wx', 7, 'en-US'],
          ['auth', 'me'],
          ['wallet', 'secondary'],
          ['wallet', 'level'],
        ].map((key) => JSON.stringify(key)),
      ),
    );
    // Infinite lists keep their first page only, so a resume refetches one page.
    const list = saved?.clientState.queries.find((q) => q.queryKey[2] === 'list' && q.queryKey[1] === 'wx');
    expect(list?.state.data).toEqual({ pages: [page(0, [wxApp(1)])], pageParams: [0] });
  });

  it('keeps the data of a refetch that failed, as shown, and restores it on the next launch', async () => {
    const first = new QueryClient();
    await start(first);
    const banners = [
      { id: 3, bannername: 'Spring', remark: '', picUrl: '/media/b.svg', multiPic: null, linkUrl: '' },
    ];
    const query = seed(first, contentQueries.banners('en-US'), banners);
    query.setState({ status: 'error', error: new Error('offline'), fetchStatus: 'idle' });
    await waitForStored('guest', (c) => (c?.clientState.queries.length ?? 0) === 1);

    const next = new QueryClient();
    const persistence = await start(next);
    expect(persistence.outcome).toBe('restored');
    const restored = next.getQueryCache().find({ queryKey: ['content', 'banners', 'en-US'] });
    expect(restored?.state.data).toEqual(banners);
    expect(restored?.state.status).toBe('success');
    // Shown at once, asked again when a screen shows it.
    expect(restored?.state.isInvalidated).toBe(true);
    // Restored queries live as long as the saved copy may be shown.
    expect(restored?.gcTime).toBe(7 * 24 * 60 * 60_000);
  });

  it('discards what an older build saved (the buster) and goes to the network', async () => {
    const first = new QueryClient();
    await start(first, 'build-1');
    seed(first, contentQueries.banners('en-US'), []);
    await waitForStored('guest', (c) => c?.buster === 'build-1');

    const next = new QueryClient();
    const persistence = await start(next, 'build-2');
    expect(persistence.outcome).toBe('empty');
    expect(next.getQueryCache().getAll()).toHaveLength(0);
  });

  it('discards a copy older than 7 days', async () => {
    const first = new QueryClient();
    await start(first);
    seed(first, contentQueries.banners('en-US'), []);
    await waitForStored('guest', (c) => c !== undefined);
    for (const p of running) p.stop();

    const eightDaysLater = Date.now() + 8 * 24 * 60 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(eightDaysLater);
    const next = new QueryClient();
    expect((await start(next)).outcome).toBe('empty');
  });

  it('keeps each user apart: a logout deletes the user’s copy, the next user never restores it', async () => {
    const persistence = await start(appClient);
    setUser(session(7, 'token-of-user-7'));
    await persistence.settled();
    const userSeven = await partitionFor('token-of-user-7');
    seed(appClient, contentQueries.notices(7, 'en-US'), [{ id: 1, content: 'For user 7' }]);
    await waitForStored(userSeven, (c) => JSON.stringify(c ?? null).includes('For user 7'));

    logout();
    await persistence.settled();
    expect((await stored()).has(`${PERSIST_KEY_PREFIX}${userSeven}`)).toBe(false);
    expect(JSON.stringify([...(await stored()).values()])).not.toContain('For user 7');

    setUser(session(8, 'token-of-user-8'));
    await persistence.settled();
    persistence.stop();
    const relaunch = new QueryClient();
    await start(relaunch);
    expect(
      JSON.stringify(
        relaunch
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('For user 7');
  });

  it('names partitions by a digest of the token, never the token itself', async () => {
    const name = await partitionFor('secret-token');
    expect(name).toMatch(/^user-[0-9a-f]{24}$/);
    expect(name).not.toContain('secret');
    expect(await partitionFor(null)).toBe('guest');
    expect(await partitionFor('another')).not.toBe(name);
  });

  it('keeps an apply tapped offline across a reload and sends it once the connection returns', async () => {
    const fetchMock = await queueApplyOffline('wx42');

    // The reload: a new client, the defaults, the restore. Still offline: the apply waits.
    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    await start(next);
    const [queued] = next.getMutationCache().getAll();
    expect(queued?.state).toMatchObject({ status: 'pending', isPaused: true, variables: 'wx42' });

    fetchMock.mockResolvedValue(applied());
    onlineManager.setOnline(true);
    await next.resumePausedMutations();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/wxcps/apply');
    expect(JSON.parse(String(init?.body))).toMatchObject({ appid: 'wx42' });
    expect(next.getMutationCache().getAll()[0]?.state.status).toBe('success');
    // Settled: nothing queued is left in storage.
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 0);
  });

  it('sends an apply queued in the last session at launch when the connection is already there', async () => {
    const fetchMock = await queueApplyOffline('wx43');
    fetchMock.mockImplementation(async () => applied());
    onlineManager.setOnline(true);

    // Relaunched online: no online event will come, the restore itself sends the apply.
    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    await start(next);
    await vi.waitFor(() => expect(next.getMutationCache().getAll()[0]?.state.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 0);
  });
});

describe('a restore that cannot happen', () => {
  it('falls back to the network when IndexedDB refuses (private mode, blocked storage)', async () => {
    vi.resetModules();
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fresh = await import('#lib/persist');
    const client = new QueryClient();
    const persistence = await fresh.startQueryPersistence(client, { buster: 'build-1' });
    expect(persistence.outcome).toBe('failed');
    // The app goes on as without persistence: queries still run.
    expect(await client.fetchQuery({ queryKey: ['x'], queryFn: () => 42 })).toBe(42);
    persistence.stop();
  });

  it('gives up on a restore that never answers, instead of an endless loading screen', async () => {
    vi.resetModules();
    // An open request that never fires success or error.
    vi.stubGlobal('indexedDB', { open: () => ({}) as IDBOpenDBRequest });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fresh = await import('#lib/persist');
    const started = Date.now();
    const persistence = await fresh.startQueryPersistence(new QueryClient(), {
      buster: 'build-1',
      restoreTimeoutMs: 200,
    });
    expect(persistence.outcome).toBe('late');
    expect(Date.now() - started).toBeLessThan(2000);
    persistence.stop();
  });
});

describe('a restore slower than the launch may wait', () => {
  it('lands when IndexedDB answers: the queued apply shows, is kept written, and goes out online', async () => {
    const fetchMock = await queueApplyOffline('wx44');

    // Relaunched offline on a slow disk: the app renders with an empty cache after the wait.
    const release = await holdStore();
    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    // Mounted, as the app's provider does: it resumes paused mutations when the connection returns.
    next.mount();
    const persistence = await start(next, 'build-1', 100);
    expect(persistence.outcome).toBe('late');
    expect(next.getMutationCache().getAll()).toHaveLength(0);
    release();

    expect(await persistence.restored).toBe('restored');
    expect(next.getMutationCache().getAll()[0]?.state).toMatchObject({ isPaused: true, variables: 'wx44' });
    // The late restore follows the cache: what changes now is written.
    seed(next, contentQueries.banners('en-US'), [{ id: 9, bannername: 'Late', picUrl: '/media/b.svg' }]);
    await waitForStored('guest', (c) => JSON.stringify(c ?? null).includes('Late'));

    fetchMock.mockImplementation(async () => applied());
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(next.getMutationCache().getAll()[0]?.state.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 0);
    next.unmount();
  });

  it('puts nothing of a user in the cache when that user logged out before the restore landed', async () => {
    const persistence = await start(appClient);
    setUser(session(5, 'token-of-user-5'));
    await persistence.settled();
    seed(appClient, contentQueries.notices(7, 'en-US'), [{ id: 1, content: 'For user 5' }]);
    await waitForStored(await partitionFor('token-of-user-5'), (c) =>
      JSON.stringify(c ?? null).includes('For user 5'),
    );
    persistence.stop();

    const release = await holdStore();
    const next = new QueryClient();
    const relaunch = await start(next, 'build-1', 100);
    expect(relaunch.outcome).toBe('late');
    logout();
    release();
    expect(await relaunch.restored).toBe('empty');
    await relaunch.settled();
    expect(
      JSON.stringify(
        next
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('For user 5');
    expect(JSON.stringify([...(await stored()).values()])).not.toContain('For user 5');
  });
});

describe('a queued action is never dropped (issue 11)', () => {
  const applyKey = ['catalogue', 'wx', 'apply'];
  const tap = (client: QueryClient, appid: string) =>
    void client
      .getMutationCache()
      .build(client, { mutationKey: applyKey })
      .execute(appid)
      .catch(() => undefined);

  it('stays saved when an online signal that is no connection resumes it as the page goes (the reload race)', async () => {
    // What the end-to-end flake recorded: the reload starts, the old page hears "online" (the browser's
    // offline emulation is lifted from the page being left), resumes the queued apply, and writes the
    // cache; the library's copy then held only paused mutations, so the apply was gone from disk.
    const first = new QueryClient();
    setCatalogueMutationDefaults(first);
    // Mounted, as the app's provider does: it resumes paused mutations on the online signal.
    first.mount();
    const persistence = await start(first);
    onlineManager.setOnline(false);
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tap(first, 'wx45');
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 1);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    onlineManager.setOnline(false);
    // Longer than the write throttle: whatever the signal caused to be written has landed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const saved = (await stored()).get(`${PERSIST_KEY_PREFIX}guest`);
    expect(saved?.clientState.mutations.map((m) => m.state.variables)).toEqual(['wx45']);
    // Sent without an answer, it did not fail: it waits for the connection again.
    expect(first.getMutationCache().getAll()[0]?.state).toMatchObject({ status: 'pending', isPaused: true });
    persistence.stop();
    first.unmount();

    // The page after the reload, still offline: the apply is there, queued, and nothing more was sent.
    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    await start(next);
    expect(
      next
        .getMutationCache()
        .getAll()
        .map((m) => m.state),
    ).toEqual([expect.objectContaining({ status: 'pending', isPaused: true, variables: 'wx45' })]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays saved while it is being sent, as waiting, until the server answers', async () => {
    const first = new QueryClient();
    setCatalogueMutationDefaults(first);
    await start(first);
    onlineManager.setOnline(false);
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    tap(first, 'wx48');
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 1);

    onlineManager.setOnline(true);
    void first.resumePausedMutations();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // The cache changes while the apply is on its way: that write keeps it, as waiting, so a reload or a
    // crash now sends it again on the next launch (a replayed apply is answered "already applied").
    const sending = Date.now();
    seed(first, contentQueries.banners('en-US'), []);
    const saved = await waitForStored('guest', (c) => (c?.timestamp ?? 0) >= sending);
    expect(saved?.clientState.mutations.map((m) => m.state)).toEqual([
      expect.objectContaining({ status: 'pending', isPaused: true, variables: 'wx48' }),
    ]);

    answer(applied());
    await vi.waitFor(() => expect(first.getMutationCache().getAll()[0]?.state.status).toBe('success'));
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 0, 500);
  });

  it('is on disk at once when tapped, not a throttled write later (a crash of the tab keeps it)', async () => {
    const first = new QueryClient();
    setCatalogueMutationDefaults(first);
    const persistence = await start(first);
    seed(first, contentQueries.banners('en-US'), []);
    // A write has just landed: the next throttled one is a second away.
    await waitForStored('guest', (c) => c?.clientState.queries.length === 1);
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    tap(first, 'wx46');
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 1, 500);
    // The tab dies here: nothing else is written.
    persistence.stop();

    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    await start(next);
    expect(next.getMutationCache().getAll()[0]?.state).toMatchObject({ isPaused: true, variables: 'wx46' });
  });

  it('survives an update of the app: the new build drops the saved data, never the queued apply', async () => {
    const first = new QueryClient();
    setCatalogueMutationDefaults(first);
    const persistence = await start(first, 'build-1');
    seed(first, contentQueries.banners('en-US'), [{ id: 1, bannername: 'Old', picUrl: '/media/b.svg' }]);
    onlineManager.setOnline(false);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    tap(first, 'wx47');
    await waitForStored(
      'guest',
      (c) => c?.clientState.mutations.length === 1 && c.clientState.queries.length === 1,
    );
    persistence.stop();

    const next = new QueryClient();
    setCatalogueMutationDefaults(next);
    const updated = await start(next, 'build-2');
    expect(updated.outcome).toBe('restored');
    // Data shaped by the old build is not shown...
    expect(next.getQueryCache().getAll()).toHaveLength(0);
    // ...the apply is, queued, and it is saved again under the new build at once.
    expect(next.getMutationCache().getAll()[0]?.state).toMatchObject({ isPaused: true, variables: 'wx47' });
    const resaved = (await stored()).get(`${PERSIST_KEY_PREFIX}guest`);
    expect(resaved?.buster).toBe('build-2');
    expect(resaved?.clientState.mutations).toHaveLength(1);
    expect(JSON.stringify(resaved)).not.toContain('Old');

    fetchMock.mockImplementation(async () => applied());
    onlineManager.setOnline(true);
    await next.resumePausedMutations();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(next.getMutationCache().getAll()[0]?.state.status).toBe('success');
    // Answered: it leaves the disk at once, so a relaunch never sends it again.
    await waitForStored('guest', (c) => c?.clientState.mutations.length === 0, 500);
  });
});
