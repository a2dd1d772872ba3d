import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WxApp } from '#contract/catalogue';
import {
  catalogueKeys,
  catalogueQueries,
  findCachedWxApp,
  patchCachedItems,
} from '#features/catalogue/catalogue.queries.ts';
import { nextPageParam } from '#lib/paging';
import { driftStep } from '#ui/drift-strip';
import { isNearBottom } from '#ui/virtual-list';

const app = (id: number, patch: Partial<WxApp> = {}): WxApp => ({
  id,
  appid: `wx${id}`,
  appname: `Game ${id}`,
  brief_intro: '',
  logo_square: '',
  category_2_name: '休闲',
  newcps: 0.2,
  apply: true,
  link: '',
  video_info: null,
  publicity_img: { img_list: [] },
  pinned: false,
  ...patch,
});

describe('list keys (spec section 4: category, search or login change starts again)', () => {
  const base = { category: '', search: '', viewer: 1 };
  const key = (filters: typeof base, locale = 'en-US') =>
    JSON.stringify(catalogueQueries.wxList(filters, locale).queryKey);
  it('is rooted per feature and catalogue', () => {
    expect(catalogueQueries.wxList(base, 'en-US').queryKey.slice(0, 3)).toEqual(['catalogue', 'wx', 'list']);
    expect(catalogueQueries.douList({ search: '', viewer: 0 }, 'en-US').queryKey.slice(0, 3)).toEqual([
      'catalogue',
      'dou',
      'list',
    ]);
  });
  it('differs for every category, search text, user and language', () => {
    const keys = new Set([
      key(base),
      key({ ...base, category: '休闲' }),
      key({ ...base, search: 'star' }),
      key({ ...base, viewer: 2 }),
      key({ ...base, viewer: 0 }),
      key(base, 'es-ES'),
    ]);
    expect(keys.size).toBe(6);
    expect(key({ ...base })).toBe(key(base));
  });
  it('pages start at 0 and stop at the last page', () => {
    const options = catalogueQueries.wxList(base, 'en-US');
    expect(options.initialPageParam).toBe(0);
    expect(nextPageParam({ number: 0, totalPages: 3 })).toBe(1);
    expect(nextPageParam({ number: 2, totalPages: 3 })).toBeUndefined();
    expect(nextPageParam({ number: 0, totalPages: 0 })).toBeUndefined();
  });
});

describe('patchCachedItems (an apply shows everywhere without a reload)', () => {
  it('updates the item in every cached list page and strip, leaving others alone', () => {
    const client = new QueryClient();
    const page = { content: [app(1), app(2)], totalPages: 1, number: 0, totalElements: 2 };
    client.setQueryData<InfiniteData<typeof page>>(
      catalogueKeys.wxList({ category: '', search: '', viewer: 1 }, 'en-US'),
      {
        pages: [page],
        pageParams: [0],
      },
    );
    client.setQueryData(catalogueKeys.wxNewest(1, 'en-US'), [app(2), app(3)]);
    patchCachedItems<WxApp>(client, catalogueKeys.wx, (item) => item.appid === 'wx2', {
      apply: false,
      link: '/s/x',
    });
    const list = client.getQueryData<InfiniteData<typeof page>>(
      catalogueKeys.wxList({ category: '', search: '', viewer: 1 }, 'en-US'),
    );
    expect(list?.pages[0]?.content.map((item) => [item.id, item.apply, item.link])).toEqual([
      [1, true, ''],
      [2, false, '/s/x'],
    ]);
    expect(
      client.getQueryData<WxApp[]>(catalogueKeys.wxNewest(1, 'en-US'))?.map((item) => item.link),
    ).toEqual(['/s/x', '']);
    expect(findCachedWxApp(client, 3)?.appname).toBe('Game 3');
    expect(findCachedWxApp(client, 2)?.link).toBe('/s/x');
    expect(findCachedWxApp(client, 9)).toBeUndefined();
  });

  it('updates an open detail page (one item) too', () => {
    const client = new QueryClient();
    client.setQueryData(catalogueKeys.wxDetail(2, 1, 'en-US'), app(2));
    client.setQueryData(catalogueKeys.wxDetail(3, 1, 'en-US'), app(3));
    patchCachedItems<WxApp>(client, catalogueKeys.wx, (item) => item.appid === 'wx2', {
      apply: false,
      link: '/s/x',
    });
    expect(client.getQueryData<WxApp>(catalogueKeys.wxDetail(2, 1, 'en-US'))).toMatchObject({
      apply: false,
      link: '/s/x',
    });
    expect(client.getQueryData<WxApp>(catalogueKeys.wxDetail(3, 1, 'en-US'))).toMatchObject({
      apply: true,
      link: '',
    });
    expect(catalogueKeys.wxDetail(2, 1, 'en-US').slice(0, catalogueKeys.wx.length)).toEqual([
      ...catalogueKeys.wx,
    ]);
  });
});

describe('driftStep (the newest strip: right, then left, 0.5 px a frame)', () => {
  it('moves 0.5 px in its direction', () => {
    expect(driftStep({ position: 10, direction: 1 }, 100)).toEqual({ position: 10.5, direction: 1 });
    expect(driftStep({ position: 10, direction: -1 }, 100)).toEqual({ position: 9.5, direction: -1 });
  });
  it('turns round at either end', () => {
    expect(driftStep({ position: 99.8, direction: 1 }, 100)).toEqual({ position: 100, direction: -1 });
    expect(driftStep({ position: 0.2, direction: -1 }, 100)).toEqual({ position: 0, direction: 1 });
  });
  it('stays put when nothing overflows', () => {
    expect(driftStep({ position: 5, direction: 1 }, 0)).toEqual({ position: 0, direction: 1 });
  });
  it('goes right to the end and back to the start', () => {
    let state = { position: 0, direction: 1 as 1 | -1 };
    const seen: number[] = [];
    for (let frame = 0; frame < 8; frame++) {
      state = driftStep(state, 1.5);
      seen.push(state.position);
    }
    expect(seen).toEqual([0.5, 1, 1.5, 1, 0.5, 0, 0.5, 1]);
  });
});

describe('isNearBottom (spec section 9: load more within 50 px of the bottom)', () => {
  it('is true within 50 px and false further away', () => {
    expect(isNearBottom(1000, 800, 1850)).toBe(true);
    expect(isNearBottom(1000, 800, 1851)).toBe(false);
    expect(isNearBottom(0, 800, 600)).toBe(true);
  });
});
