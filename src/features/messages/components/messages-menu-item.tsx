import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { MailIcon } from '#ui/icons';
import { MenuLink } from '#ui/menu-link';
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
    <MenuLink
      to="/Messages"
      icon={<MailIcon size={22} />}
      label={t`Messages`}
      count={count}
      badgeTestId="messages-unread"
    />
  );
}
