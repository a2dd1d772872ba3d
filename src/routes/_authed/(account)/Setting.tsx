import { createFileRoute } from '@tanstack/react-router';
import { agentQueries } from '../../../features/agent/agent.queries';
import { BindCodeCard } from '../../../features/agent/components/bind-code-card';
import { PushSwitch } from '../../../features/notices/components/push-switch';
import { SettingsPage } from '../../../features/profile/components/settings-page';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(account)/Setting')({
  loader: ({ context }) => prefetch(context, agentQueries.detail()),
  component: SettingRoute,
});

function SettingRoute() {
  return <SettingsPage notifications={<PushSwitch />} invite={<BindCodeCard />} />;
}
