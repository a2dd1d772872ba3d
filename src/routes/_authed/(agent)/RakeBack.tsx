import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui/standalone-page';

export const Route = createFileRoute('/_authed/(agent)/RakeBack')({
  component: RakeBackRoute,
});

function RakeBackRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`Rakeback`} />;
}
