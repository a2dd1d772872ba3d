import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { RakeBackPage } from '../../../features/agent/components/rake-back-page';

export const Route = createFileRoute('/_authed/(agent)/RakeBack')({
  loader: ({ context }) => prefetch(context, agentQueries.rakeBack(currentLocale())),
  component: RakeBackPage,
});
