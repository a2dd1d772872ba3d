import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type BlockRequest,
  SELF_EXCLUSION_DURATIONS,
  type SelfExclusionDuration,
  TIME_OUT_DURATIONS,
  type TimeOutDuration,
} from '#contract/protection';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { useBlockMutation } from '../protection.mutations';
import { protectionQueries } from '../protection.queries';
import { formatWhen, SELF_EXCLUSION_LABELS, TIME_OUT_LABELS } from '../protection-labels';
import { ChoiceGroup } from './choice-group';

type Choice =
  | { kind: 'time_out'; duration: TimeOutDuration }
  | { kind: 'self_exclusion'; duration: SelfExclusionDuration };

/**
 * A time-out or self-exclusion: chosen here, confirmed in a dialog that says what it blocks and that it
 * cannot be undone, then in force at once. While one lasts the card says until when, and nothing else.
 */
export function BlockCard() {
  const { t, i18n } = useLingui();
  const state = useQuery(protectionQueries.state());
  const block = state.data?.block ?? null;
  const send = useBlockMutation();
  const [timeOut, setTimeOut] = useState<TimeOutDuration>('24h');
  const [exclusion, setExclusion] = useState<SelfExclusionDuration>('6m');
  const [confirming, setConfirming] = useState<Choice | null>(null);

  const confirm = () => {
    if (!confirming) return;
    const body: BlockRequest = { ...confirming, confirm: true } as BlockRequest;
    send.mutate(body, { onSettled: () => setConfirming(null) });
  };

  if (block) {
    const until = formatWhen(block.until, i18n.locale);
    return (
      <section className="card" aria-labelledby="block-title" data-testid="block-active">
        <h2 id="block-title" className="protection-card__title">
          {block.kind === 'time_out' ? t`Time-out` : t`Self-exclusion`}
        </h2>
        <p className="protection-card__text" role="status">
          {block.kind === 'time_out'
            ? t`You are taking a time-out until ${until}.`
            : t`You have excluded yourself until ${until}.`}
        </p>
        <p className="protection-card__text">
          {t`Until then you cannot play, deposit, spin the wheel or receive offers. You can still withdraw. This cannot be undone before it ends.`}
        </p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="block-title">
      <h2 id="block-title" className="protection-card__title">{t`Take a break`}</h2>
      <p className="protection-card__text">
        {t`A time-out or self-exclusion starts at once: no games, deposits, spins or offers until it ends. You can still withdraw. It cannot be undone or shortened.`}
      </p>
      <ChoiceGroup
        legend={t`Time-out`}
        name="time-out"
        options={TIME_OUT_DURATIONS.map((d) => ({ value: d, label: i18n._(TIME_OUT_LABELS[d]) }))}
        value={timeOut}
        onChange={setTimeOut}
      />
      <button
        type="button"
        className="button button--outline button--block"
        onClick={() => setConfirming({ kind: 'time_out', duration: timeOut })}
      >
        {t`Take a time-out`}
      </button>
      <ChoiceGroup
        legend={t`Self-exclusion`}
        name="self-exclusion"
        options={SELF_EXCLUSION_DURATIONS.map((d) => ({ value: d, label: i18n._(SELF_EXCLUSION_LABELS[d]) }))}
        value={exclusion}
        onChange={setExclusion}
      />
      <button
        type="button"
        className="button button--danger-outline button--block"
        onClick={() => setConfirming({ kind: 'self_exclusion', duration: exclusion })}
      >
        {t`Exclude myself`}
      </button>
      <Dialog
        open={confirming !== null}
        title={confirming?.kind === 'self_exclusion' ? t`Confirm self-exclusion` : t`Confirm time-out`}
        onClose={() => setConfirming(null)}
        footer={
          <DialogActions
            actions={[
              { label: t`Cancel`, variant: 'ghost', onClick: () => setConfirming(null) },
              { label: t`Confirm`, variant: 'danger', onClick: confirm, disabled: send.isPending },
            ]}
          />
        }
      >
        <p>{confirming ? <ConfirmText choice={confirming} /> : null}</p>
      </Dialog>
    </section>
  );
}

function ConfirmText({ choice }: { choice: Choice }) {
  const { t, i18n } = useLingui();
  const length =
    choice.kind === 'time_out'
      ? i18n._(TIME_OUT_LABELS[choice.duration])
      : i18n._(SELF_EXCLUSION_LABELS[choice.duration]);
  return (
    <>{t`For ${length} from now you will not be able to play, deposit, spin the wheel or receive offers. You can still withdraw. This cannot be undone.`}</>
  );
}
