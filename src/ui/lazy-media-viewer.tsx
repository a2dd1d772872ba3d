import { type ComponentProps, lazy, Suspense } from 'react';

// Swiper and its stylesheets load with the first opened viewer, not with the lists that offer it.
const MediaViewer = lazy(() => import('./media-viewer').then((m) => ({ default: m.MediaViewer })));

/** The media viewer, fetched on first open; nothing shows until it has arrived. */
export function LazyMediaViewer(props: ComponentProps<typeof MediaViewer>) {
  return (
    <Suspense fallback={null}>
      <MediaViewer {...props} />
    </Suspense>
  );
}
