import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { GeneratedLink, RatioView } from '#contract/agent';
import { useFieldErrors } from '#lib/use-field-errors';
import { SelectField, TextField } from '#ui/form-fields';
import { ShareLink } from '#ui/share-link';
import { SkeletonBlock } from '#ui/skeleton';
import { useDownlinkMutation } from '../agent.mutations';
import { agentQueries } from '../agent.queries';
import { JOIN_LABELS } from '../agent-labels';
import { formatRatio, parseRatio } from '../agent-values';
import { AgentCard, RatioList } from './agent-bits';

/** The highest ratio the agent holds in any channel: a link's ratio is capped per channel by the server. */
const highest = (ratios: readonly RatioView[] | undefined): number | undefined =>
  ratios && ratios.length > 0 ? Math.max(...ratios.map((r) => r.rate)) : undefined;

/**
 * The agent's invite code with its registration link and QR code (copy, share), what a new direct member
 * gets, and a form making a link that presets the member's ratio and whether they join as player or agent.
 */
export function InviteCard({
  defaults,
  own,
}: {
  defaults?: readonly RatioView[];
  own?: readonly RatioView[];
}) {
  const { t } = useLingui();
  const links = useQuery(agentQueries.links());
  return (
    <AgentCard title={t`Invite`} testId="invite-card">
      {links.data ? (
        <>
          <p className="agent-code">
            <span className="agent-muted">{t`Your invite code`}</span>{' '}
            <strong className="tabular" data-testid="invite-code">
              {links.data.inviteCode}
            </strong>
          </p>
          <ShareLink
            url={links.data.registerUrl}
            title={t`Join me on Beacon`}
            qrLabel={t`QR code of your registration link`}
          />
        </>
      ) : (
        <SkeletonBlock className="skeleton--card" label={t`Loading`} />
      )}
      {/* No defaults set (all 0): nothing to say; the server gives a new member nothing above 0 anyway. */}
      {defaults?.some((d) => d.rate > 0) ? (
        <div className="agent-defaults">
          <h3 className="agent-subtitle">{t`New members get`}</h3>
          <RatioList ratios={defaults ?? []} label={t`New members get`} />
        </div>
      ) : null}
      <MakeLinkForm max={highest(own)} />
    </AgentCard>
  );
}

const FIELDS = ['rate', 'join'] as const;

/** A registration link with a preset ratio (every channel, each capped by the agent's own) and job. */
function MakeLinkForm({ max }: { max: number | undefined }) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [rate, setRate] = useState('');
  const [join, setJoin] = useState<'player' | 'agent'>('player');
  const [made, setMade] = useState<GeneratedLink | null>(null);
  const errors = useFieldErrors(FIELDS);
  const downlink = useDownlinkMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = parseRatio(rate, max);
    if ('issue' in read) {
      errors.show({ rate: { code: read.issue } }, form.current);
      return;
    }
    errors.show({}, null);
    downlink.mutate(
      { rate: read.rate, join },
      {
        onSuccess: (link) => setMade(link),
        onError: (error) => errors.showApiError(error, form.current),
      },
    );
  };

  const maxText = max !== undefined ? formatRatio(max, i18n.locale) : null;
  return (
    <div className="agent-make-link">
      <h3 className="agent-subtitle">{t`Make a link`}</h3>
      <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-label={t`Make a link`}>
        <TextField
          label={t`Ratio for the new member (%)`}
          inputMode="decimal"
          autoComplete="off"
          hint={maxText ? t`At most your own: ${maxText}` : undefined}
          {...errors.input('rate', rate, setRate)}
        />
        <SelectField
          label={t`Joins as`}
          name="join"
          value={join}
          onChange={(value) => setJoin(value === 'agent' ? 'agent' : 'player')}
          options={(['player', 'agent'] as const).map((value) => ({
            value,
            label: i18n._(JOIN_LABELS[value]),
          }))}
          error={errors.message('join')}
        />
        <button type="submit" className="button button--primary button--block" disabled={downlink.isPending}>
          {t`Make the link`}
        </button>
      </form>
      {made ? (
        <div className="agent-made" role="status" data-testid="made-link">
          <p className="agent-positive">{t`Your link is ready`}</p>
          <ShareLink url={made.url} title={t`Join me on Beacon`} qrLabel={t`QR code of the new link`} />
        </div>
      ) : null}
    </div>
  );
}
