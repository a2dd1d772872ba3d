import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '#lib/route-helpers';
import { MessageView } from '../../../features/messages/components/message-view';

/** One message; the list and a tapped notification open it. */
export const Route = createFileRoute('/_authed/(messages)/Messages/$id')({
  params: idParams,
  component: MessageRoute,
});

function MessageRoute() {
  const id = Route.useParams({ select: (params) => params.id });
  return <MessageView id={id} />;
}
