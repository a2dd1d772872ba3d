import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { htmlPage, loadHtmlPage } from './-html-page-route';

export const Route = createFileRoute('/_authed/(content)/AboutUs')({
  loader: ({ context }) => loadHtmlPage(context, 'about'),
  component: htmlPage('about', msg`About us`),
});
