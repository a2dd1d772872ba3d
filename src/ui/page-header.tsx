import { useLingui } from '@lingui/react/macro';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BackIcon } from './icons';

/** A page's title bar. The back button goes back in history, or home when the page was opened directly. */
export function PageHeader({ title, back = true, end }: { title: string; back?: boolean; end?: ReactNode }) {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <header className="page-header">
      {back ? (
        <button
          type="button"
          className="icon-button page-header__back"
          aria-label={t`Back`}
          onClick={() => (canGoBack ? router.history.back() : router.navigate({ to: '/' }))}
        >
          <BackIcon />
        </button>
      ) : (
        <span className="page-header__spacer" />
      )}
      <h1 className="page-header__title">{title}</h1>
      <span className="page-header__end">{end}</span>
    </header>
  );
}
