import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../ui/standalone-page';

export const Route = createFileRoute('/_authed/AboutUs')({
  component: AboutUsRoute,
});

function AboutUsRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`About us`} />;
}
