import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '#ui/form-fields';
import { useGameSwitchMutation } from '../admin.mutations';
import { adminQueries, type GameFilters } from '../admin.queries';
import { AdminTable } from './admin-table';

/**
 * Game providers and their games (issue 16), the same lobby for every site: a provider or a game switched
 * off leaves the lobby and cannot be launched; rounds already open still settle (docs/games-protocol.md).
 */
export function GamesPage({
  filters,
  onFilters,
}: {
  filters: GameFilters;
  onFilters: (next: GameFilters) => void;
}) {
  const { t } = useLingui();
  const providers = useQuery(adminQueries.providers());
  const games = useQuery(adminQueries.games(filters));
  const toggle = useGameSwitchMutation();
  const [typed, setTyped] = useState(filters.q);
  const stateOf = (enabled: boolean) => (enabled ? t`On` : t`Off`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...filters, q: typed.trim(), page: 0 });
  };

  return (
    <section aria-labelledby="admin-games-title" className="admin-reports">
      <h2 id="admin-games-title" className="admin-section__title">
        <Trans>Games</Trans>
      </h2>
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
              <button
                type="button"
                className={`button ${p.enabled ? 'button--danger-outline' : 'button--secondary'}`}
                aria-label={p.enabled ? t`Switch off: ${p.name}` : t`Switch on: ${p.name}`}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ provider: p.code, enabled: !p.enabled })}
              >
                {p.enabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
              </button>
            ),
          },
        ]}
      />
      <h3 className="admin-editor__title">
        <Trans>Games</Trans>
      </h3>
      <form className="admin-search" onSubmit={submit}>
        <SelectField
          label={t`Provider`}
          value={filters.provider}
          onChange={(provider) => onFilters({ ...filters, provider, page: 0 })}
          options={[
            { value: '', label: t`Every provider` },
            ...(providers.data?.content ?? []).map((p) => ({ value: p.code, label: p.name })),
          ]}
        />
        <TextField
          label={t`Game name`}
          name="q"
          value={typed}
          maxLength={50}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          <Trans>Search</Trans>
        </button>
      </form>
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
              <button
                type="button"
                className={`button ${g.enabled ? 'button--danger-outline' : 'button--secondary'}`}
                aria-label={g.enabled ? t`Switch off: ${g.name}` : t`Switch on: ${g.name}`}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ game: g.id, enabled: !g.enabled })}
              >
                {g.enabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
