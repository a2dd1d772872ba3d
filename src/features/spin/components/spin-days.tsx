import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SpinDay, SpinDraw } from '#contract/spin';
import { formatDay } from '#lib/days';
import { formatInZone, useDayZone } from '#lib/zoned-time';
import { wonName } from '../spin-labels';

const DAY_STATES: Record<SpinDay['state'], MessageDescriptor> = {
  spun: msg`Spun`,
  missed: msg`Missed`,
  open: msg`Today`,
  upcoming: msg`Upcoming`,
};

/** The run's days, each with its state and what it won. */
export function SpinDays({ days }: { days: readonly SpinDay[] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="spin-days-title">
      <h3 id="spin-days-title" className="spin-section-title">
        {t`Your spin days`}
      </h3>
      <ol className="spin-days">
        {days.map((d) => (
          <li key={d.day} className={`spin-day spin-day--${d.state}`} data-testid="spin-day">
            <span className="spin-day__date">{formatDay(d.day, i18n.locale, 'short')}</span>
            <span className="spin-day__state">{i18n._(DAY_STATES[d.state])}</span>
            {d.draw ? <span className="spin-day__prize tabular">{wonName(i18n, d.draw)}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Item prizes: customer service's deadline, or that it is done. */
export function SpinFollowUps({ draws }: { draws: readonly SpinDraw[] }) {
  const { t, i18n } = useLingui();
  const zone = useDayZone();
  if (draws.length === 0) return null;
  return (
    <section className="card" aria-labelledby="spin-follow-ups-title">
      <h2 id="spin-follow-ups-title" className="spin-card__title">
        {t`Prizes customer service hands over`}
      </h2>
      <ul className="spin-follow-ups">
        {draws.map((d) => {
          const prize = wonName(i18n, d);
          const due = d.followUp ? formatInZone(d.followUp.dueAt, i18n.locale, zone) : '';
          return (
            <li key={d.day}>
              <strong>{prize}</strong>{' '}
              <span className="spin-hint">{formatDay(d.day, i18n.locale, 'short')}</span>
              <p className="spin-hint">
                {d.followUp?.doneAt
                  ? t`Done: customer service has been in touch.`
                  : t`Customer service will contact you by ${due}.`}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
