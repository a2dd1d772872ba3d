import { createFileRoute } from '@tanstack/react-router';
import { PushSwitch } from '../../../features/notices/components/push-switch';
import { SettingsPage } from '../../../features/profile/components/settings-page';

export const Route = createFileRoute('/_authed/(account)/Setting')({
  component: SettingRoute,
});

function SettingRoute() {
  return <SettingsPage notifications={<PushSwitch />} />;
}
