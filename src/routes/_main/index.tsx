import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { WX_CATEGORIES, type WxCategory } from '../../contract/catalogue';
import {
  CataloguePortal,
  type PortalState,
  SearchBox,
} from '../../features/catalogue/components/catalogue-portal';
import { BannerCarousel } from '../../features/content/components/banner-carousel';
import { NoticeTicker } from '../../features/content/components/notice-ticker';
import { HomePage } from '../../features/home/components/home-page';
import { useHomeBalanceRefresh } from '../../features/wallet/use-home-balance';
import { useSessionUser } from '../../lib/session';

/** The selected tab, search text and category live in the URL, so back and reload keep them. */
const searchSchema = z.object({
  tab: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .optional()
    .catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  category: z
    .enum(['', ...WX_CATEGORIES])
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_main/')({
  validateSearch: searchSchema,
  component: HomeRoute,
});

function HomeRoute() {
  useHomeBalanceRefresh();
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
      search={<SearchBox value={state.search} onSearch={(text) => update({ search: text })} />}
      banners={<BannerCarousel />}
      notices={user ? <NoticeTicker uid={user.uid} /> : null}
      catalogue={<CataloguePortal state={state} onChange={update} />}
    />
  );
}
