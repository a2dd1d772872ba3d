import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatRate } from '../../../lib/format';
import { DriftStrip } from '../../../ui/drift-strip';
import { SkeletonCards } from '../../../ui/skeleton';
import { useWxActions } from '../catalogue.mutations';
import { catalogueQueries } from '../catalogue.queries';
import { useDemandApply } from './demand-apply';
import { ItemActions } from './item-actions';

interface StripProps {
  viewer: number;
}

function StripFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="newest">
      <h2 className="section-title">{title}</h2>
      {children}
    </div>
  );
}

/** The 20 newest mini-games, drifting (spec section 2). */
export function WxNewestStrip({ viewer }: StripProps) {
  const { t } = useLingui();
  const newest = useQuery(catalogueQueries.wxNewest(viewer));
  const actions = useWxActions();
  const title = t`Newest mini-games`;
  if (newest.isPending) return <SkeletonCards label={t`Loading`} count={3} />;
  const items = newest.data ?? [];
  if (items.length === 0) return null;
  return (
    <StripFrame title={title}>
      <DriftStrip label={title}>
        <ul className="strip">
          {items.map((app, index) => (
            <li key={app.id} className="strip-card">
              <img
                className="strip-card__logo"
                src={app.logo_square}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <span
                className="strip-card__name"
                // The web benchmark times the warm launch to this paint (Element Timing).
                {...(index === 0 ? { elementtiming: 'first-strip-item' } : {})}
              >
                {app.appname}
              </span>
              <span className="strip-card__meta">
                {t`Rate`} <strong className="tabular">{formatRate(app.newcps)}</strong>
              </span>
              <ItemActions
                compact
                item={app}
                promotionId="1"
                name={app.appname}
                id={app.appid}
                actions={actions}
                canPin={false}
              />
            </li>
          ))}
        </ul>
      </DriftStrip>
    </StripFrame>
  );
}

/** The 20 newest demand tasks, drifting (spec section 2). */
export function DemandNewestStrip({ viewer }: StripProps) {
  const { t } = useLingui();
  const newest = useQuery(catalogueQueries.douNewest(viewer));
  const { actions, cardDialog } = useDemandApply(viewer);
  const title = t`Newest tasks`;
  if (newest.isPending) return <SkeletonCards label={t`Loading`} count={3} />;
  const items = newest.data ?? [];
  if (items.length === 0) return null;
  return (
    <StripFrame title={title}>
      <DriftStrip label={title}>
        <ul className="strip">
          {items.map((demand) => (
            <li key={demand.demandId} className="strip-card">
              <img
                className="strip-card__logo"
                src={demand.demandIcon}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <span className="strip-card__name">{demand.demandName}</span>
              <span className="strip-card__meta">{demand.demandDesc}</span>
              <ItemActions
                compact
                item={demand}
                promotionId="2"
                name={demand.demandName}
                id={demand.demandId}
                actions={actions}
                canPin={false}
              />
            </li>
          ))}
        </ul>
      </DriftStrip>
      {cardDialog}
    </StripFrame>
  );
}
