import { useLingui } from '@lingui/react/macro';

/** Log out, at the foot of My and of Settings; off while the logout is under way. */
export function LogoutButton({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button--danger-outline button--block"
      onClick={onLogout}
      disabled={loggingOut}
    >
      {t`Log out`}
    </button>
  );
}
