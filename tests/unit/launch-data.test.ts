import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { type Banner, LAUNCH_DATA_ELEMENT_ID } from '#contract/content';
import { contentQueries } from '#features/content/content.queries.ts';
import { seedLaunchBanners } from '#features/content/launch-data.ts';

const banner: Banner = { id: 7, bannername: 'Spring', remark: '', picUrl: '/media/b.svg', multiPic: null };

function pageWith(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = LAUNCH_DATA_ELEMENT_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.getElementById(LAUNCH_DATA_ELEMENT_ID)?.remove());

describe('launch banners from the shell', () => {
  const key = contentQueries.banners('ko-KR').queryKey;

  it('fill the banners query, dated when the server read them', () => {
    pageWith(JSON.stringify({ banners: [banner], locale: 'ko-KR', at: 1_700_000_000_000 }));
    const client = new QueryClient();
    seedLaunchBanners(client, 'ko-KR');
    expect(client.getQueryData(key)).toEqual([banner]);
    expect(client.getQueryState(key)?.dataUpdatedAt).toBe(1_700_000_000_000);
  });

  it('never replace saved banners', () => {
    pageWith(JSON.stringify({ banners: [banner], locale: 'ko-KR', at: 1 }));
    const client = new QueryClient();
    const saved = [{ ...banner, id: 8 }];
    client.setQueryData(key, saved);
    seedLaunchBanners(client, 'ko-KR');
    expect(client.getQueryData(key)).toBe(saved);
  });

  it.each([
    ['no block', null],
    ['not JSON', '{banners'],
    ['the wrong shape', JSON.stringify({ banners: [{ id: 'x' }], locale: 'ko-KR', at: 1 })],
    ['another language', JSON.stringify({ banners: [banner], locale: 'en-US', at: 1 })],
  ])('leave the query to the network with %s', (_label, text) => {
    if (text !== null) pageWith(text);
    const client = new QueryClient();
    seedLaunchBanners(client, 'ko-KR');
    expect(client.getQueryData(key)).toBeUndefined();
  });
});
