import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '#lib/route-helpers';
import { NoticeView } from '../../../features/notices/components/notice-view';

/** Opened from the centre or from a tapped notification (the push payload's url). */
export const Route = createFileRoute('/_authed/(content)/notices/$id')({
  params: idParams,
  component: NoticeRoute,
});

function NoticeRoute() {
  const id = Route.useParams({ select: (params) => params.id });
  return <NoticeView id={id} />;
}
