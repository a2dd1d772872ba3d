// Lists whose texts the server answers in the request's language (operators' messages, the promoter's items)
// are cached per language: a change of language asks again rather than showing the old language's texts,
// and the invalidations after a change still reach every language's copy.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { messageQueries } from '#features/messages/messages.queries.ts';
import { promotionKeys, promotionQueries } from '#features/promotion/promotion.queries.ts';
import { MESSAGES_QUERY_ROOT } from '#lib/query-keys';

const empty = { pages: [], pageParams: [] };

describe('language in the cache keys', () => {
  it('gives each language its own copy of messages and of the promoter’s lists', () => {
    expect(messageQueries.list('es-ES').queryKey).not.toEqual(messageQueries.list('en-US').queryKey);
    expect(messageQueries.detail(4, 'zh-CN').queryKey).not.toEqual(
      messageQueries.detail(4, 'en-US').queryKey,
    );
    expect(promotionQueries.myWx(7, 'ko-KR').queryKey).not.toEqual(
      promotionQueries.myWx(7, 'en-US').queryKey,
    );
    expect(promotionQueries.myDou(7, 'ko-KR').queryKey).not.toEqual(
      promotionQueries.myDou(7, 'en-US').queryKey,
    );
  });

  it('lets a change invalidate every language’s copy', async () => {
    const client = new QueryClient();
    for (const locale of ['en-US', 'es-ES']) {
      client.setQueryData(promotionQueries.myDou(7, locale).queryKey, empty);
      client.setQueryData(promotionQueries.myDou(8, locale).queryKey, empty);
      client.setQueryData(messageQueries.list(locale).queryKey, empty);
    }
    await client.invalidateQueries({ queryKey: promotionKeys.myDou(7), refetchType: 'none' });
    await client.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT, refetchType: 'none' });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    for (const locale of ['en-US', 'es-ES']) {
      expect(stale(promotionQueries.myDou(7, locale).queryKey), locale).toBe(true);
      expect(stale(promotionQueries.myDou(8, locale).queryKey), locale).toBe(false);
      expect(stale(messageQueries.list(locale).queryKey), locale).toBe(true);
    }
  });
});
