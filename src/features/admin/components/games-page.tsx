import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '#ui/form-fields';
import { useGameSwitchMutation } from '../admin.mutations';
import { adminQueries, type GameFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { SearchForm } from './search-form';

/**
 * Game providers and their games (issue 16), the same lobby for every site: a provider or a game switched
 * off leaves the lobby and cannot be launched; rounds already open still settle (docs/games-protocol.md).
 */
export function GamesPage({ filters, onFilters }: FilteredPageProps<GameFilters>) {
  const { t } = useLingui();
  const providers = useQuery(adminQueries.providers());
  const games = useQuery(adminQueries.games(filters));
  const toggle = useGameSwitchMutation();
  const stateOf = (enabled: boolean) => (enabled ? t`On` : t`Off`);

  return (
    <AdminSection id="games" title={<Trans>Games</Trans>} className="admin-reports">
      <h3 className="admin-editor__title">
        <Trans>Providers</Trans>
      </h3>
      <AdminTable
        list={providers}
        rowKey={(p) => p.code}
        empty={<Trans>No providers</Trans>}
        page={0}
        onPage={() => undefined}
        columns={[
          { header: t`Provider`, cell: (p) => `${p.name} (${p.code})` },
          { header: t`Games on`, cell: (p) => t`${p.enabledGames} of ${p.games}` },
          { header: t`State`, cell: (p) => stateOf(p.enabled) },
          {
            header: t`Actions`,
            cell: (p) => (
              <SwitchButton name={p.name} enabled={p.enabled} target={{ provider: p.code }} toggle={toggle} />
            ),
          },
        ]}
      />
      <h3 className="admin-editor__title">
        <Trans>Games</Trans>
      </h3>
      <SearchForm
        label={t`Game name`}
        name="q"
        initial={filters.q}
        maxLength={50}
        onSearch={(typed) => onFilters({ ...filters, q: typed.trim(), page: 0 })}
        before={
          <SelectField
            label={t`Provider`}
            value={filters.provider}
            onChange={(provider) => onFilters({ ...filters, provider, page: 0 })}
            options={[
              { value: '', label: t`Every provider` },
              ...(providers.data?.content ?? []).map((p) => ({ value: p.code, label: p.name })),
            ]}
          />
        }
      />
      <AdminTable
        list={games}
        rowKey={(g) => g.id}
        empty={<Trans>No games found</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Game`, cell: (g) => g.name },
          { header: t`Provider`, cell: (g) => g.providerCode },
          { header: t`Category`, cell: (g) => g.category },
          { header: t`Return to player`, cell: (g) => `${(g.rtpBp / 100).toFixed(2)}%` },
          { header: t`State`, cell: (g) => stateOf(g.enabled) },
          {
            header: t`Actions`,
            cell: (g) => (
              <SwitchButton name={g.name} enabled={g.enabled} target={{ game: g.id }} toggle={toggle} />
            ),
          },
        ]}
      />
    </AdminSection>
  );
}

/** A provider's or a game's switch, named by it; every switch holds while one call is on its way. */
function SwitchButton({
  name,
  enabled,
  target,
  toggle,
}: {
  name: string;
  enabled: boolean;
  target: { provider: string } | { game: number };
  toggle: ReturnType<typeof useGameSwitchMutation>;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`button ${enabled ? 'button--danger-outline' : 'button--secondary'}`}
      aria-label={enabled ? t`Switch off: ${name}` : t`Switch on: ${name}`}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ ...target, enabled: !enabled })}
    >
      {enabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
    </button>
  );
}
