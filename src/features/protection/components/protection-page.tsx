import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '#ui/page-header';
import { BlockCard } from './block-card';
import { HistoryCard } from './history-card';
import { LimitsCard } from './limits-card';
import { RealityCard } from './reality-card';
import './protection.css';

/** /Protection: the responsible-gaming tools (decision 0021), reached from Settings and the deposit page. */
export function ProtectionPage() {
  const { t } = useLingui();
  return (
    <div className="page page--standalone">
      <PageHeader title={t`Responsible gaming`} />
      <main className="page__body protection-page" id="main">
        <LimitsCard />
        <BlockCard />
        <RealityCard />
        <HistoryCard />
      </main>
    </div>
  );
}
