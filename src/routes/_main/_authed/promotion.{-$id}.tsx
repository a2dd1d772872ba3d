import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/page-header';
import { ComingSoon } from '../../../ui/standalone-page';

/** /promotion, /promotion/1, /2 and /3 (spec section 2); any other id is not a page. */
const PROMOTION_IDS = ['1', '2', '3'];

export const Route = createFileRoute('/_main/_authed/promotion/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !PROMOTION_IDS.includes(params.id)) throw notFound();
  },
  component: PromotionRoute,
});

function PromotionRoute() {
  const { t } = useLingui();
  return (
    <div className="page">
      <PageHeader title={t`Promotion`} back={false} />
      <main className="page__body" id="main">
        <ComingSoon />
      </main>
    </div>
  );
}
