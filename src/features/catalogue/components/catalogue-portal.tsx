import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { WX_CATEGORIES } from '#contract/catalogue';
import { canPin } from '#contract/user';
import { useCategoryLabels } from '#lib/category-labels';
import { useSessionUser } from '#lib/session';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { NoSearchResults } from '#ui/no-search-results';
import { SearchBox as ListSearchBox } from '#ui/search-box';
import { SkeletonRows } from '#ui/skeleton';
import { ComingSoon } from '#ui/standalone-page';
import { type TabOption, Tabs } from '#ui/tabs';
import type { CatalogueTab } from '../catalogue.queries';
import type { CatalogueItem } from '../catalogues';
import type { CatalogueList as CatalogueListComponent } from './catalogue-list';
import { type CatalogueView, demandView, wxView } from './catalogue-views';
import { NewestStrip } from './newest-strip';

// The full list (and its virtualizer) loads when a tab shows it: catalogue 1's only for a logged-in
// promoter, so a visitor's first home loads it only on the tasks tab.
// (lazy() forgets a generic component's type parameters: it is typed as the component it loads.)
const CatalogueList = lazy(() =>
  import('./catalogue-list').then((m) => ({ default: m.CatalogueList })),
) as unknown as typeof CatalogueListComponent;

export interface PortalState {
  tab: CatalogueTab;
  search: string;
  category: string;
}

/** Spec section 2: applies on Enter or when the box is cleared; no length rule. It searches the selected tab's list. */
export function SearchBox({
  tab,
  value,
  onSearch,
}: {
  tab: CatalogueTab;
  value: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ListSearchBox value={value} onSearch={onSearch} label={tab === 2 ? t`Search tasks` : t`Search games`} />
  );
}

/**
 * What an empty list says: a search that found nothing names the search and offers to clear it;
 * otherwise the tab's own "nothing yet" (spec section 2: 'no games yet').
 */
export function ListEmpty({
  tab,
  search,
  onClearSearch,
}: {
  tab: 1 | 2;
  search: string;
  onClearSearch: () => void;
}) {
  const { t } = useLingui();
  if (!search) {
    return <EmptyState picture={<NoDataPicture />} title={tab === 2 ? t`No tasks yet` : t`No games yet`} />;
  }
  return (
    <NoSearchResults search={search} onClearSearch={onClearSearch}>
      <p>{tab === 2 ? t`No tasks match this search.` : t`No mini-games match this search.`}</p>
    </NoSearchResults>
  );
}

/** Catalogue 1's category tabs (spec section 2), over the list they filter. */
function CategoryTabs({
  category,
  onChange,
  children,
}: {
  category: string;
  onChange: (category: string) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const labels = useCategoryLabels();
  const options: TabOption<string>[] = [
    { value: '', label: t`All` },
    ...WX_CATEGORIES.map((value) => ({ value, label: labels[value] })),
  ];
  return (
    <>
      <Tabs
        options={options}
        value={category}
        onChange={onChange}
        label={t`Categories`}
        panelId="wx-list-panel"
        idPrefix="wx-category"
        variant="chips"
      />
      <div id="wx-list-panel" role="tabpanel" aria-labelledby={`wx-category-${category}`}>
        {children}
      </div>
    </>
  );
}

/** One catalogue's tab: its newest strip, then its whole list (`frame` puts filters around the list). */
function CatalogueSection<Item extends CatalogueItem, Id, Filters extends object>({
  view,
  filters,
  title,
  canPin,
  empty,
  frame = (list) => list,
}: {
  view: CatalogueView<Item, Id, Filters>;
  filters: Filters & { viewer: number };
  title: string;
  canPin: boolean;
  empty: ReactNode;
  frame?: (list: ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <NewestStrip view={view} viewer={filters.viewer} />
      <h2 className="section-title">{title}</h2>
      {frame(
        <Suspense fallback={<SkeletonRows label={t`Loading`} count={5} />}>
          <CatalogueList view={view} filters={filters} canPin={canPin} empty={empty} />
        </Suspense>,
      )}
    </>
  );
}

/** The catalogue half of home: the two tabs, the newest strip and the list of the selected tab. */
export function CataloguePortal({
  state,
  onChange,
}: {
  state: PortalState;
  onChange: (next: Partial<PortalState>) => void;
}) {
  const { t } = useLingui();
  const user = useSessionUser();
  const viewer = user?.uid ?? 0;
  const pin = canPin(user?.job);
  const clearSearch = () => onChange({ search: '' });

  return (
    <section className="portal" aria-label={t`Catalogues`}>
      <Tabs
        options={[
          { value: 1, label: t`Mini-games` },
          { value: 2, label: t`Short-video tasks` },
        ]}
        value={state.tab}
        onChange={(tab) => onChange({ tab })}
        label={t`Catalogues`}
        panelId="catalogue-panel"
        idPrefix="catalogue-tab"
      />
      <div
        id="catalogue-panel"
        role="tabpanel"
        aria-labelledby={`catalogue-tab-${state.tab}`}
        className="portal__panel"
      >
        {state.tab === 3 ? (
          <ComingSoon />
        ) : state.tab === 2 ? (
          <CatalogueSection
            key="dou"
            view={demandView}
            filters={{ search: state.search, viewer }}
            title={t`All tasks`}
            canPin={pin}
            empty={<ListEmpty tab={2} search={state.search} onClearSearch={clearSearch} />}
          />
        ) : viewer === 0 ? (
          // Spec section 6: without login catalogue 1 is empty; DESIGN.md: offer the way in.
          <EmptyState
            picture={<NoDataPicture />}
            title={t`No games yet`}
            action={
              <Link to="/login" search={{}} className="button button--primary">
                {t`Log in`}
              </Link>
            }
          >
            <p>{t`Log in to see the mini-games you can promote.`}</p>
          </EmptyState>
        ) : (
          <CatalogueSection
            key="wx"
            view={wxView}
            filters={{ category: state.category, search: state.search, viewer }}
            title={t`All mini-games`}
            canPin={pin}
            empty={<ListEmpty tab={1} search={state.search} onClearSearch={clearSearch} />}
            frame={(list) => (
              <CategoryTabs category={state.category} onChange={(category) => onChange({ category })}>
                {list}
              </CategoryTabs>
            )}
          />
        )}
      </div>
    </section>
  );
}
