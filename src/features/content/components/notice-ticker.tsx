import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BellIcon, ChevronRightIcon } from '#ui/icons';
import { Marquee } from '#ui/marquee';
import { contentQueries } from '../content.queries';

/**
 * Spec section 2: 'Loading' while loading, then the notices side by side in a continuous marquee. The
 * bell (composed by the route: it may offer notifications) leads, and the end opens the notice centre.
 */
export function NoticeTicker({ uid, bell }: { uid: number; bell?: ReactNode }) {
  const { t, i18n } = useLingui();
  const notices = useQuery(contentQueries.notices(uid, i18n.locale));
  const list = notices.data ?? [];
  if (!notices.isPending && list.length === 0) return null;
  return (
    <div className="notice-ticker">
      {bell ?? <BellIcon size={20} className="notice-ticker__icon" />}
      {notices.isPending ? (
        <span className="notice-ticker__loading" role="status">
          {t`Loading`}
        </span>
      ) : (
        <Marquee
          label={t`Notices`}
          items={list.map((notice) => ({ key: notice.id, node: notice.content }))}
        />
      )}
      <Link to="/notices" className="icon-button notice-ticker__more" aria-label={t`All notices`}>
        <ChevronRightIcon size={20} />
      </Link>
    </div>
  );
}
