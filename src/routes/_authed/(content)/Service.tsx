import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { htmlPage, loadHtmlPage } from './-html-page-route';

export const Route = createFileRoute('/_authed/(content)/Service')({
  loader: ({ context }) => loadHtmlPage(context, 'service'),
  component: htmlPage('service', msg`Customer service`),
});
