import { createFileRoute } from '@tanstack/react-router';
import { NoticeCentre } from '../../../features/notices/components/notice-centre';

export const Route = createFileRoute('/_authed/(content)/notices/')({
  component: NoticeCentre,
});
