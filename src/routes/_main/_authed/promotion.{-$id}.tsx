import { createFileRoute, notFound } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { PromotionPage, type PromotionSection } from '../../../features/promotion/components/promotion-page';
import { promotionQueries } from '../../../features/promotion/promotion.queries';

/** /promotion, /promotion/1, /2 and /3 (spec section 2); any other id is not a page. Bare shows 1. */
const PROMOTION_IDS: readonly string[] = ['1', '2', '3'];
const isSection = (id: string | undefined): id is PromotionSection =>
  id !== undefined && PROMOTION_IDS.includes(id);

export const Route = createFileRoute('/_main/_authed/promotion/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !isSection(params.id)) throw notFound();
  },
  loader: async ({ context, params }) => {
    const uid = await context.viewer.uid();
    const section = isSection(params.id) ? params.id : '1';
    if (section === '1') await prefetch(context, promotionQueries.myWx(uid, currentLocale()));
    if (section === '2') await prefetch(context, promotionQueries.myDou(uid, currentLocale()));
  },
  component: PromotionRoute,
});

function PromotionRoute() {
  const { id } = Route.useParams();
  return <PromotionPage section={isSection(id) ? id : '1'} />;
}
