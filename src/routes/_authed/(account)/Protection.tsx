import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { ProtectionPage } from '../../../features/protection/components/protection-page';
import { protectionQueries } from '../../../features/protection/protection.queries';

export const Route = createFileRoute('/_authed/(account)/Protection')({
  loader: ({ context }) => prefetch(context, protectionQueries.state(), protectionQueries.history()),
  component: ProtectionPage,
});
