import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui/standalone-page';

export const Route = createFileRoute('/_authed/(agent)/ReportDetails')({
  component: ReportDetailsRoute,
});

function ReportDetailsRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`Report details`} />;
}
