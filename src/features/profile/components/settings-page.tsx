import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LocalePicker } from '../../../ui/locale-picker';
import { PageHeader } from '../../../ui/page-header';

/**
 * Settings: notifications (composed by the route from the notices feature), the invite code bound to
 * (from the agent feature) and the language.
 */
export function SettingsPage({ notifications, invite }: { notifications: ReactNode; invite?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="page page--standalone">
      <PageHeader title={t`Settings`} />
      <main className="page__body settings-list" id="main">
        {notifications}
        {invite}
        <LocalePicker className="locale-picker--card" />
      </main>
    </div>
  );
}
