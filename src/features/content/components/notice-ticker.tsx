import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BellIcon } from '../../../ui/icons';
import { Marquee } from '../../../ui/marquee';
import { contentQueries } from '../content.queries';

/** Spec section 2: 'Loading' while loading, then the notices side by side in a continuous marquee. */
export function NoticeTicker({ uid }: { uid: number }) {
  const { t, i18n } = useLingui();
  const notices = useQuery(contentQueries.notices(uid, i18n.locale));
  const list = notices.data ?? [];
  if (!notices.isPending && list.length === 0) return null;
  return (
    <div className="notice-ticker">
      <BellIcon size={20} className="notice-ticker__icon" />
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
    </div>
  );
}
