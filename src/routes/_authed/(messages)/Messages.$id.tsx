import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam } from '#lib/route-helpers';
import { MessageView } from '../../../features/messages/components/message-view';

/** One message; the list and a tapped notification open it. */
export const Route = createFileRoute('/_authed/(messages)/Messages/$id')({
  beforeLoad: ({ params }) => ({ messageId: parseIdParam(params.id) }),
  component: MessageRoute,
});

function MessageRoute() {
  const id = Route.useRouteContext({ select: (context) => context.messageId });
  return <MessageView id={id} />;
}
