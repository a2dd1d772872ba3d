import { createFileRoute, notFound } from '@tanstack/react-router';
import { NoticeView } from '../../features/notices/components/notice-view';

/** Opened from the centre or from a tapped notification (the push payload's url). */
export const Route = createFileRoute('/_authed/notices/$id')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
  },
  component: NoticeRoute,
});

function NoticeRoute() {
  const { id } = Route.useParams();
  return <NoticeView id={Number(id)} />;
}
