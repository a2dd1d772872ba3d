import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { hasTeamTab } from '#contract/user';
import { HomeIcon, MyIcon, PromotionIcon, ReportIcon, TeamIcon } from './icons';

export type TabId = 'home' | 'report' | 'team' | 'promotion' | 'my';

/** Spec section 6: everyone sees home, report, promotion and my; job 1 and 2 also see team. */
export function tabsForJob(job: number | undefined): TabId[] {
  return hasTeamTab(job)
    ? ['home', 'report', 'team', 'promotion', 'my']
    : ['home', 'report', 'promotion', 'my'];
}

const ICONS: Record<TabId, ComponentType<{ size?: number }>> = {
  home: HomeIcon,
  report: ReportIcon,
  team: TeamIcon,
  promotion: PromotionIcon,
  my: MyIcon,
};

export function TabBar({
  job,
  badges = {},
}: {
  job: number | undefined;
  /** Counts shown on tabs (unread notices on My); 0 shows nothing. */
  badges?: Partial<Record<TabId, number>>;
}) {
  const { t } = useLingui();
  const labels: Record<TabId, string> = {
    home: t`Home`,
    report: t`Report`,
    team: t`Team`,
    promotion: t`Promotion`,
    my: t`My`,
  };
  const link = (id: TabId) => {
    const Icon = ICONS[id];
    const count = badges[id] ?? 0;
    const content = (
      <>
        <span className="tab-bar__icon">
          <Icon size={24} />
          {count > 0 ? (
            <span className="tab-bar__badge" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </span>
        <span className="tab-bar__label">{labels[id]}</span>
        {count > 0 ? (
          <>
            {' '}
            <span className="visually-hidden">{t`${count} unread`}</span>
          </>
        ) : null}
      </>
    );
    const common = { className: 'tab-bar__link', activeProps: { 'aria-current': 'page' as const } };
    switch (id) {
      case 'home':
        return (
          <Link to="/" activeOptions={{ exact: true }} {...common}>
            {content}
          </Link>
        );
      case 'report':
        return (
          <Link to="/report" {...common}>
            {content}
          </Link>
        );
      case 'team':
        return (
          <Link to="/team" {...common}>
            {content}
          </Link>
        );
      case 'promotion':
        return (
          <Link
            to="/promotion/{-$id}"
            params={{ id: undefined }}
            activeOptions={{ includeSearch: false }}
            {...common}
          >
            {content}
          </Link>
        );
      case 'my':
        return (
          <Link to="/my" {...common}>
            {content}
          </Link>
        );
    }
  };
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      <ul className="tab-bar__list">
        {tabsForJob(job).map((id) => (
          <li key={id} className="tab-bar__item">
            {link(id)}
          </li>
        ))}
      </ul>
    </nav>
  );
}
