import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, SparkIcon } from '#ui/icons';
import { spinQueries } from '../spin.queries';
import './spin.css';

/** The way to the wheel while it is up (a run covers today); nothing otherwise. */
export function SpinEntry() {
  const { t } = useLingui();
  const state = useQuery(spinQueries.state(true)).data;
  const today = state?.run?.days.find((d) => d.day === state.today);
  if (!today) return null;
  return (
    <Link to="/Spin" className="spin-entry" data-testid="spin-entry">
      <SparkIcon size={28} />
      <span className="spin-entry__text">
        <strong>{t`Spin wheel`}</strong>
        <span>{today.state === 'open' ? t`Your free spin today is waiting` : t`Next spin tomorrow`}</span>
      </span>
      <ChevronRightIcon size={20} />
    </Link>
  );
}
