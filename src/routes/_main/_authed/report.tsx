import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/page-header';
import { ComingSoon } from '../../../ui/standalone-page';

export const Route = createFileRoute('/_main/_authed/report')({
  component: ReportRoute,
});

function ReportRoute() {
  const { t } = useLingui();
  return (
    <div className="page">
      <PageHeader title={t`Report`} back={false} />
      <main className="page__body" id="main">
        <ComingSoon />
      </main>
    </div>
  );
}
