import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useIsLogin } from '../../../lib/session';
import { BrandMark } from '../../../ui/brand-mark';
import { EmptyState } from '../../../ui/empty-state';

/** Home is public (DESIGN.md section 4). The catalogue portal replaces the placeholder later. */
export function HomePage() {
  const loggedIn = useIsLogin();
  return (
    <div className="page">
      <header className="home-hero">
        <BrandMark size={44} />
        <div>
          <h1 className="home-hero__title">
            <Trans>Welcome to Beacon</Trans>
          </h1>
          <p className="home-hero__text">
            <Trans>Promote mini-games and short-video tasks, and grow your team.</Trans>
          </p>
        </div>
      </header>
      <main className="page__body" id="main">
        <EmptyState
          title={<Trans>No games yet</Trans>}
          action={
            loggedIn ? null : (
              <Link to="/login" search={{}} className="button button--primary">
                <Trans>Log in</Trans>
              </Link>
            )
          }
        >
          <p>
            {loggedIn ? (
              <Trans>The game and task catalogues will appear here soon.</Trans>
            ) : (
              <Trans>Log in to see the games and tasks you can promote.</Trans>
            )}
          </p>
        </EmptyState>
      </main>
    </div>
  );
}
