import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BrandMark } from '#ui/brand-mark';
import { Page } from '#ui/page';

interface HomePageProps {
  /** The search box: it applies to the list under the selected tab. */
  search: ReactNode;
  banners: ReactNode;
  /** The notice ticker (logged in only). */
  notices: ReactNode;
  /** The two catalogue tabs, the newest strip and the list. */
  catalogue: ReactNode;
}

/** Home is public (DESIGN.md section 4); the route composes the content and catalogue pieces into it. */
export function HomePage({ search, banners, notices, catalogue }: HomePageProps) {
  const { t } = useLingui();
  return (
    <Page
      header={
        <header className="home-top">
          <div className="home-top__brand">
            <BrandMark size={32} />
            <h1 className="home-top__title">
              <span className="visually-hidden">
                <Trans>Welcome to Beacon</Trans>
              </span>
              <span aria-hidden="true">Beacon</span>
            </h1>
          </div>
          {search}
        </header>
      }
      className="home"
      bodyClassName="home__body"
      label={t`Home`}
    >
      {banners}
      {notices}
      {catalogue}
    </Page>
  );
}
