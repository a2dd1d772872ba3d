import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { HtmlPage } from '../../../features/content/components/html-page';
import { contentQueries, type HtmlPageKind } from '../../../features/content/content.queries';
import type { RouterContext } from '../../__root';

/**
 * What /AboutUs, /Help and /Service share: the server's HTML page of one kind, prefetched in the reader's
 * language, under its own title or the route's while it loads. Not a route itself (the router ignores
 * files starting with "-"); only the routes' loader and component use it, so it travels in their lazy chunk.
 */
export const loadHtmlPage = (context: RouterContext, kind: HtmlPageKind) =>
  prefetch(context, contentQueries.page(kind, currentLocale()));

export const htmlPage = (kind: HtmlPageKind, title: MessageDescriptor) =>
  function HtmlPageRoute() {
    const { _ } = useLingui();
    return <HtmlPage kind={kind} fallbackTitle={_(title)} />;
  };
