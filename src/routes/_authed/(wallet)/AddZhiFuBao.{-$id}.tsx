import { createFileRoute } from '@tanstack/react-router';
import { optionalIdParams } from '#lib/route-helpers';
import { loadMethodForm, methodPage } from './-method-route';

/** Without an id: add an e-wallet; with one: edit it. */
export const Route = createFileRoute('/_authed/(wallet)/AddZhiFuBao/{-$id}')({
  params: optionalIdParams,
  loader: ({ context, params }) => loadMethodForm(context, params.id),
  component: methodPage('ewallet'),
});
