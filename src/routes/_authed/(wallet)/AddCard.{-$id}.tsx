import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam } from '#lib/route-helpers';
import { loadMethodForm, methodPage } from './-method-route';

/** Without an id: add a bank card; with one: edit that card. */
export const Route = createFileRoute('/_authed/(wallet)/AddCard/{-$id}')({
  beforeLoad: ({ params }) => ({ methodId: parseIdParam(params.id) }),
  loader: ({ context }) => loadMethodForm(context),
  component: methodPage('bank'),
});
