import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { RefreshButton, type RefreshProps } from './refresh-button';

interface PageProps {
  /** The title bar's heading (the page's h1). A page without one draws its own `header`, or none. */
  title?: string;
  /** The back button (default); a tab page, which the tab bar reaches, has none. */
  back?: boolean;
  /** The title bar's end: the page's own action ("Mark all read", "History"). */
  end?: ReactNode;
  /** A refresh button at the title bar's end, after `end`. */
  refresh?: RefreshProps | undefined;
  /** In place of the title bar: a page with a header of its own (home's brand, My's profile card). */
  header?: ReactNode;
  /** Another class on the frame, for the feature's own layout (`home`, `admin`). */
  className?: string;
  /** Another class on the main landmark (`wallet-page`, `agent-page`, ...). */
  bodyClassName?: string;
  /** The main landmark's name, where the heading does not give it. */
  label?: string;
  /** What the page opens over itself (dialogs, the game frame): after the main landmark, not in it. */
  overlays?: ReactNode;
  children: ReactNode;
}

/**
 * Every page's frame: the title bar (back, title, end, refresh) or the page's own header, then the one main
 * landmark (`#main`). A page that has a back button is a standalone
 * page, outside the tab bar's pages (`page--standalone`).
 */
export function Page({
  title,
  back = true,
  end,
  refresh,
  header,
  className,
  bodyClassName,
  label,
  overlays,
  children,
}: PageProps) {
  const titled = title !== undefined;
  return (
    <div className={['page', titled && back && 'page--standalone', className].filter(Boolean).join(' ')}>
      {titled ? (
        <PageHeader
          title={title}
          back={back}
          end={
            refresh ? (
              <>
                {end}
                <RefreshButton {...refresh} />
              </>
            ) : (
              end
            )
          }
        />
      ) : (
        header
      )}
      <main
        className={bodyClassName ? `page__body ${bodyClassName}` : 'page__body'}
        id="main"
        aria-label={label}
      >
        {children}
      </main>
      {overlays}
    </div>
  );
}
