import { useLingui } from '@lingui/react/macro';
import type { AgentLinkInfo } from '#contract/agent';
import { formatMoney } from '#lib/money';
import { JOIN_LABELS } from '../agent-labels';
import { formatRatio } from '../agent-values';
import './agent.css';

/**
 * What a registration link presets, shown on the registration page above the form: the agent's code,
 * the ratio and whether the new account joins as player or agent; or that the link is no longer valid.
 */
export function RegisterLinkPreset({ info, invalid }: { info: AgentLinkInfo | undefined; invalid: boolean }) {
  const { t, i18n } = useLingui();
  if (invalid || (info && info.kind !== 'register')) {
    return (
      <p className="agent-notice agent-notice--negative" role="note" data-testid="link-preset">
        {t`This link is not valid any more. You can still register, with an invite code if you have one.`}
      </p>
    );
  }
  if (!info) return null;
  const code = info.inviteCode;
  const rate = info.rate !== undefined ? formatRatio(info.rate, i18n.locale) : null;
  const join = i18n._(JOIN_LABELS[info.join ?? 'player']);
  return (
    <div className="agent-notice" role="note" data-testid="link-preset">
      <p>{t`You are invited by the agent with the code ${code}.`}</p>
      {rate ? <p>{t`Your ratio: ${rate}`}</p> : null}
      <p>{t`You join as: ${join}`}</p>
    </div>
  );
}

/**
 * What a recharge link presets, on the deposit page: the amount (filled in) and the member it was made
 * for, with a word when that is not the signed-in user (the deposit is always to one's own balance).
 */
export function RechargeLinkPreset({
  info,
  invalid,
  uid,
}: {
  info: AgentLinkInfo | undefined;
  invalid: boolean;
  uid: number | undefined;
}) {
  const { t } = useLingui();
  if (invalid || (info && info.kind !== 'recharge')) {
    return (
      <p className="agent-notice agent-notice--negative" role="note" data-testid="link-preset">
        {t`This recharge link is not valid any more. You can still deposit.`}
      </p>
    );
  }
  if (!info) return null;
  const code = info.inviteCode;
  const member = info.memberUid;
  const amount = info.amount !== undefined ? formatMoney(info.amount) : null;
  return (
    <div className="agent-notice" role="note" data-testid="link-preset">
      <p>{t`Recharge link from your agent (code ${code}).`}</p>
      {amount ? <p>{t`Suggested amount: ${amount}`}</p> : null}
      {member !== undefined && uid !== undefined && member !== uid ? (
        <p>{t`This link was made for UID ${member}; a deposit here goes to your own balance.`}</p>
      ) : null}
    </div>
  );
}
