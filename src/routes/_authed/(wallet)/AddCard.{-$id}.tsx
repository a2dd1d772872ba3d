import { createFileRoute } from '@tanstack/react-router';
import { optionalIdParams } from '#lib/route-helpers';
import { loadMethodForm, methodPage } from './-method-route';

/** Without an id: add a bank card; with one: edit that card. */
export const Route = createFileRoute('/_authed/(wallet)/AddCard/{-$id}')({
  params: optionalIdParams,
  loader: ({ context, params }) => loadMethodForm(context, params.id),
  component: methodPage('bank'),
});
