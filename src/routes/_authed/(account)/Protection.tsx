import { createFileRoute } from '@tanstack/react-router';
import { ProtectionPage } from '../../../features/protection/components/protection-page';
import { protectionQueries } from '../../../features/protection/protection.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(account)/Protection')({
  loader: ({ context }) => prefetch(context, protectionQueries.state(), protectionQueries.history()),
  component: ProtectionPage,
});
