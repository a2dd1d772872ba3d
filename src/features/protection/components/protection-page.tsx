import { useLingui } from '@lingui/react/macro';
import { Page } from '#ui/page';
import { BlockCard } from './block-card';
import { HistoryCard } from './history-card';
import { LimitsCard } from './limits-card';
import { RealityCard } from './reality-card';
import './protection.css';

/** /Protection: the responsible-gaming tools (decision 0021), reached from Settings and the deposit page. */
export function ProtectionPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Responsible gaming`} bodyClassName="protection-page">
      <LimitsCard />
      <BlockCard />
      <RealityCard />
      <HistoryCard />
    </Page>
  );
}
