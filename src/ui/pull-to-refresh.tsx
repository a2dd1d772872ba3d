import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { RefreshIcon } from './icons';
import './pull-to-refresh.css';

/** How far (after damping) the finger must pull before letting go refreshes. */
export const PULL_THRESHOLD_PX = 64;
const MAX_PULL_PX = 96;

/** The visible pull for a finger movement: half the distance, capped; nothing for an upward move. */
export const pullDistance = (dy: number): number => Math.max(0, Math.min(MAX_PULL_PX, dy / 2));

/**
 * DESIGN.md section 6: pull-to-refresh where a list is the page. Touch only, from the very top of the
 * page; keyboard and mouse users have the page's own refresh controls.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    startY.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    setPull(pullDistance((event.touches[0]?.clientY ?? startY.current) - startY.current));
  };
  const onTouchEnd = async () => {
    const pulled = pull;
    startY.current = null;
    if (pulled < PULL_THRESHOLD_PX) {
      setPull(0);
      return;
    }
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
      setPull(0);
    }
  };

  const height = refreshing ? 48 : pull;
  return (
    <div
      className="pull-to-refresh"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        startY.current = null;
        setPull(0);
      }}
    >
      <div className="pull-to-refresh__indicator" style={{ height }} aria-hidden="true">
        {height > 0 ? (
          <RefreshIcon
            size={22}
            className={refreshing ? 'icon-spin' : undefined}
            style={{ transform: refreshing ? undefined : `rotate(${pull * 3}deg)` }}
          />
        ) : null}
      </div>
      <span className="visually-hidden" role="status">
        {refreshing ? t`Refreshing` : ''}
      </span>
      {children}
    </div>
  );
}
