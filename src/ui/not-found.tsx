import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { EmptyState } from './empty-state';
import { Page } from './page';

export function NotFound() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <EmptyState
        title={<Trans>We could not find this page</Trans>}
        action={
          <Link to="/" className="button button--primary">
            <Trans>Back to home</Trans>
          </Link>
        }
      >
        <p>
          <Trans>The link may be broken or the page may have moved.</Trans>
        </p>
      </EmptyState>
    </Page>
  );
}
