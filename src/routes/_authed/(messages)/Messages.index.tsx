import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { MessagesPage } from '../../../features/messages/components/messages-page';
import { messageQueries } from '../../../features/messages/messages.queries';

export const Route = createFileRoute('/_authed/(messages)/Messages/')({
  loader: ({ context }) => prefetch(context, messageQueries.list(currentLocale())),
  component: MessagesPage,
});
