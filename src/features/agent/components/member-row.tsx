import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Member } from '#contract/agent';
import { formatInZone, useDayZone } from '#lib/zoned-time';
import { Avatar } from '#ui/avatar';
import { jobLabel } from '../agent-labels';
import { formatRatio } from '../agent-values';
import { Amount } from './agent-bits';

export interface MemberActions {
  /** Shows this member's own members (one level down). */
  onOpen: (member: Member) => void;
  onSetRatio: (member: Member) => void;
  onPromote: (member: Member) => void;
}

/**
 * A member of the team as the agent sees them: masked phone, UID, job, joined date, ratios, their own
 * members, deposits, valid bets and the commission they brought. The head opens their members; direct
 * members can have their ratio set, and direct players be promoted.
 */
export function MemberRow({ member, actions }: { member: Member; actions: MemberActions }) {
  const { t, i18n } = useLingui();
  const direct = member.depth === 1;
  // The day of the agent's own site (the team page says which zone), as the reports count it.
  const joined = formatInZone(member.joinedAt, i18n.locale, useDayZone(), 'date');
  const total = member.members.total;
  const uid = member.uid;
  const level = member.depth;
  const uidText = t`UID ${uid}`;
  // Buttons name their member for a screen reader after their visible words (WCAG 2.5.3, label in name).
  const named = (action: string) => `${action}, ${uidText}`;
  return (
    <article className="member-row" data-testid="member" aria-label={uidText}>
      <button type="button" className="member-row__open" onClick={() => actions.onOpen(member)}>
        <span className="member-row__head">
          <Avatar
            id={member.avatar}
            fallback={member.phone.slice(-2)}
            size={32}
            className="member-row__avatar"
          />
          <span className="member-row__phone tabular">{member.phone}</span>
          <span className="member-row__badge">{jobLabel(i18n, member.job)}</span>
        </span>
        <span className="member-row__sub">
          <span>
            {t`UID`} <span className="tabular">{member.uid}</span>
          </span>
          <span>{t`Joined ${joined}`}</span>
          {direct ? null : <span>{t`Level ${level}`}</span>}
        </span>
        <span className={`member-row__members ${total > 0 ? 'member-row__members--some' : ''}`}>
          {plural(total, { one: '# member', other: '# members' })}
          {total > 0 ? <span aria-hidden="true"> ›</span> : null}
        </span>
      </button>
      <dl className="member-row__figures">
        <div>
          <dt>{t`Deposits`}</dt>
          <dd>
            <Amount value={member.deposits} />
          </dd>
        </div>
        <div>
          <dt>{t`Valid bets`}</dt>
          <dd>
            <Amount value={member.validBets} />
          </dd>
        </div>
        <div>
          <dt>{t`Commission`}</dt>
          <dd>
            <Amount value={member.commission} testId="member-commission" />
          </dd>
        </div>
      </dl>
      {member.ratios.length > 0 ? (
        <p className="member-row__ratios">
          <span className="visually-hidden">{t`Ratios`}: </span>
          {member.ratios.map((ratio, index) => (
            <span key={ratio.channel}>
              {index > 0 ? ' · ' : ''}
              {ratio.name} <span className="tabular">{formatRatio(ratio.rate, i18n.locale)}</span>
            </span>
          ))}
        </p>
      ) : null}
      <div className="member-row__actions">
        <Link
          to="/Downline/$id"
          params={{ id: member.uid }}
          className="button button--outline button--small"
          aria-label={named(t`Details`)}
        >
          {t`Details`}
        </Link>
        {direct ? (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => actions.onSetRatio(member)}
            aria-label={named(t`Set ratio`)}
          >
            {t`Set ratio`}
          </button>
        ) : null}
        {direct && member.job === 0 ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => actions.onPromote(member)}
            aria-label={named(t`Promote to agent`)}
          >
            {t`Promote to agent`}
          </button>
        ) : null}
      </div>
    </article>
  );
}
