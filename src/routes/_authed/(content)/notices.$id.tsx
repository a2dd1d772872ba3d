import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam } from '#lib/route-helpers';
import { NoticeView } from '../../../features/notices/components/notice-view';

/** Opened from the centre or from a tapped notification (the push payload's url). */
export const Route = createFileRoute('/_authed/(content)/notices/$id')({
  beforeLoad: ({ params }) => ({ noticeId: parseIdParam(params.id) }),
  component: NoticeRoute,
});

function NoticeRoute() {
  const id = Route.useRouteContext({ select: (context) => context.noticeId });
  return <NoticeView id={id} />;
}
