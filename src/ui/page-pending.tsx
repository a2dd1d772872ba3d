import { useLingui } from '@lingui/react/macro';

/**
 * What a page shows while its loaders still wait on the network, past the router's pending delay (1 s):
 * a slow first launch with nothing saved, say. Without it the page stayed blank.
 */
export function PagePending() {
  const { t } = useLingui();
  return (
    <div className="page-pending" role="status" aria-label={t`Loading`} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
