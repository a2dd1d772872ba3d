import { Trans } from '@lingui/react/macro';
import { EmptyState } from './empty-state';
import { Page } from './page';

/** A titled page whose content has not been built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <ComingSoon />
    </Page>
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
