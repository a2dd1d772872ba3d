import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam } from '#lib/route-helpers';
import { loadMethodForm, methodPage } from './-method-route';

/** Without an id: add an e-wallet; with one: edit it. */
export const Route = createFileRoute('/_authed/(wallet)/AddZhiFuBao/{-$id}')({
  beforeLoad: ({ params }) => ({ methodId: parseIdParam(params.id) }),
  loader: ({ context }) => loadMethodForm(context),
  component: methodPage('ewallet'),
});
