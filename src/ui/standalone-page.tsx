import { Trans } from '@lingui/react/macro';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A titled page whose content has not been built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="page page--standalone">
      <PageHeader title={title} />
      <main className="page__body" id="main">
        <ComingSoon />
      </main>
    </div>
  );
}

export function ComingSoon() {
  return (
    <EmptyState title={<Trans>Coming soon</Trans>}>
      <p>
        <Trans>This page is on its way. Please check back later.</Trans>
      </p>
    </EmptyState>
  );
}
