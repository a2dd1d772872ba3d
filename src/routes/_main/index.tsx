import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { WX_CATEGORIES, type WxCategory } from '#contract/catalogue';
import { useHomeSnapshot } from '#lib/home-snapshot';
import { useSessionUser } from '#lib/session';
import {
  CataloguePortal,
  type PortalState,
  SearchBox,
} from '../../features/catalogue/components/catalogue-portal';
import { BannerCarousel } from '../../features/content/components/banner-carousel';
import { NoticeTicker } from '../../features/content/components/notice-ticker';
import { HomePage } from '../../features/home/components/home-page';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { useHomeBalanceRefresh } from '../../features/wallet/use-home-balance';

/** The selected tab, search text and category live in the URL, so back and reload keep them. */
const searchSchema = z.object({
  tab: z.catch(z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  category: z.catch(z.optional(z.enum(['', ...WX_CATEGORIES])), undefined),
});

export const Route = createFileRoute('/_main/')({
  validateSearch: searchSchema,
  component: HomeRoute,
});

function HomeRoute() {
  useHomeBalanceRefresh();
  useHomeSnapshot();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  const user = useSessionUser();
  const state: PortalState = {
    tab: search.tab ?? 1,
    search: search.q ?? '',
    category: search.category ?? '',
  };
  const update = (next: Partial<PortalState>) => {
    const merged = { ...state, ...next };
    void navigate({
      search: {
        tab: merged.tab === 1 ? undefined : merged.tab,
        q: merged.search || undefined,
        category: (WX_CATEGORIES as readonly string[]).includes(merged.category)
          ? (merged.category as WxCategory)
          : undefined,
      },
      replace: true,
      resetScroll: false,
    });
  };
  return (
    <HomePage
      search={
        <SearchBox tab={state.tab} value={state.search} onSearch={(text) => update({ search: text })} />
      }
      banners={<BannerCarousel />}
      notices={user ? <NoticeTicker uid={user.uid} bell={<NoticeBell />} /> : null}
      catalogue={<CataloguePortal state={state} onChange={update} />}
    />
  );
}
