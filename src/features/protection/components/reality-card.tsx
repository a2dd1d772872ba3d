import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REALITY_INTERVALS } from '#contract/protection';
import { useRealityMutation } from '../protection.mutations';
import { protectionQueries } from '../protection.queries';
import { ChoiceGroup } from './choice-group';

type Interval = (typeof REALITY_INTERVALS)[number];

/** How often a game in play is interrupted with the time spent and the net position (off by default). */
export function RealityCard() {
  const { t } = useLingui();
  const state = useQuery(protectionQueries.state());
  const send = useRealityMutation();
  // The choice shows at once (a radio that springs back while the call runs reads as refused).
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? String(state.data?.realityMinutes ?? 0);
  return (
    <section className="card" aria-labelledby="reality-title">
      <h2 id="reality-title" className="protection-card__title">{t`Reality check`}</h2>
      <p className="protection-card__text">
        {t`While you play, a reminder shows how long you have played and your net position, at the interval you choose.`}
      </p>
      <ChoiceGroup
        legend={t`Remind me every`}
        name="reality"
        options={REALITY_INTERVALS.map((m) => ({
          value: String(m),
          label: m === 0 ? t`Off` : t`${m} minutes`,
        }))}
        value={value}
        onChange={(v) => {
          setChosen(v);
          send.mutate(Number(v) as Interval, { onSettled: () => setChosen(null) });
        }}
      />
    </section>
  );
}
