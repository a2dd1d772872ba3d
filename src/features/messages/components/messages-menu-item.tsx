import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ChevronRightIcon, MailIcon } from '#ui/icons';
import { messageQueries } from '../messages.queries';

/**
 * The My page's way into the messages, with the unread count. `pollTick` changes whenever the notices' poll
 * has run (the route hands it in): the count is fetched again then, so there is one poller, not two.
 */
export function MessagesMenuItem({ pollTick }: { pollTick: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const count = useQuery(messageQueries.unread()).data?.unread ?? 0;
  const firstTick = useRef(pollTick);
  useEffect(() => {
    if (pollTick === firstTick.current) return;
    firstTick.current = pollTick;
    void queryClient.invalidateQueries({ queryKey: messageQueries.unread().queryKey });
  }, [pollTick, queryClient]);
  return (
    <li>
      <Link to="/Messages" className="menu-list__item">
        <MailIcon size={22} />
        <span>{t`Messages`}</span>
        {count > 0 ? (
          <>
            <span className="count-badge" aria-hidden="true" data-testid="messages-unread">
              {count}
            </span>{' '}
            <span className="visually-hidden">{t`${count} unread`}</span>
          </>
        ) : null}
        <ChevronRightIcon size={20} className="menu-list__chevron" />
      </Link>
    </li>
  );
}
