import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { htmlPage, loadHtmlPage } from './-html-page-route';

export const Route = createFileRoute('/_authed/(content)/Help')({
  loader: ({ context }) => loadHtmlPage(context, 'help'),
  component: htmlPage('help', msg`Help`),
});
