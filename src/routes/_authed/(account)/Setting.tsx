import { createFileRoute, useRouter } from '@tanstack/react-router';
import { clearDeviceData } from '#lib/device-data';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { BindCodeCard } from '../../../features/agent/components/bind-code-card';
import { useLogoutMutation } from '../../../features/auth/auth.mutations';
import { PushSwitch } from '../../../features/notices/components/push-switch';
import { SettingsPage } from '../../../features/profile/components/settings-page';
import { ProtectionSettingsLink } from '../../../features/protection/components/protection-link';

export const Route = createFileRoute('/_authed/(account)/Setting')({
  loader: ({ context }) => prefetch(context, agentQueries.detail(currentLocale())),
  component: SettingRoute,
});

function SettingRoute() {
  const router = useRouter();
  const logout = useLogoutMutation();
  return (
    <SettingsPage
      notifications={<PushSwitch />}
      invite={<BindCodeCard />}
      protection={<ProtectionSettingsLink />}
      loggingOut={logout.isPending}
      onLogout={() =>
        logout.mutate(undefined, { onSettled: () => void router.navigate({ to: '/login', replace: true }) })
      }
      onClearData={async () => {
        // Cleared before the logout: the logout sends this page to the login page, and what is left of it
        // must not write again after the clearing.
        await clearDeviceData().catch((error: unknown) =>
          console.warn('Clearing the saved data failed', error),
        );
        await logout.mutateAsync().catch(() => undefined);
        // A full load: nothing of the old page's memory survives.
        window.location.replace('/login');
      }}
    />
  );
}
