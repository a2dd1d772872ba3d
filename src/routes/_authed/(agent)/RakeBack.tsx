import { createFileRoute } from '@tanstack/react-router';
import { agentQueries } from '../../../features/agent/agent.queries';
import { RakeBackPage } from '../../../features/agent/components/rake-back-page';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(agent)/RakeBack')({
  loader: ({ context }) => prefetch(context, agentQueries.rakeBack()),
  component: RakeBackPage,
});
