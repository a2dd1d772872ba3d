import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleWire } from '#contract/admin/game-providers';
import { toast } from '#lib/toast';
import { SelectField } from '#ui/form-fields';
import { useGameSwitchMutation, useProviderImportMutation } from '../admin.mutations';
import { adminQueries, type GameFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { ProviderCalls } from './provider-calls';
import { ProviderEditor } from './provider-editor';
import { SearchForm } from './search-form';

/**
 * Game providers and their games (issue 16), the same lobby for every site: a provider or a game switched
 * off leaves the lobby and cannot be launched; rounds already open still settle (docs/games-protocol.md).
 * An aggregator's provider (issue 34) is added here, its games imported from its list and its wallet calls read.
 */
export function GamesPage({ filters, onFilters }: FilteredPageProps<GameFilters>) {
  const { t } = useLingui();
  const providers = useQuery(adminQueries.providers());
  const games = useQuery(adminQueries.games(filters));
  const toggle = useGameSwitchMutation();
  const importer = useProviderImportMutation();
  const [adding, setAdding] = useState<ConsoleWire | null>(null);
  const [calls, setCalls] = useState<{ code: string; name: string } | null>(null);
  const stateOf = (enabled: boolean) => (enabled ? t`On` : t`Off`);
  const importGames = (code: string) =>
    importer.mutate(code, {
      onSuccess: (r) =>
        toast.positive(
          t`Games imported: ${r.added} added, ${r.refreshed} refreshed, ${r.removed} switched off`,
        ),
    });

  return (
    <AdminSection id="games" title={<Trans>Games</Trans>} className="admin-reports">
      <h3 className="admin-editor__title">
        <Trans>Providers</Trans>
      </h3>
      {adding ? (
        <ProviderEditor wire={adding} onClose={() => setAdding(null)} />
      ) : (
        <div className="admin-actions">
          <button type="button" className="button button--primary" onClick={() => setAdding('hub88')}>
            <Trans>Add a Hub88 provider</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => setAdding('evolution')}>
            <Trans>Add an Evolution provider</Trans>
          </button>
        </div>
      )}
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
              <div className="admin-actions">
                <SwitchButton
                  name={p.name}
                  enabled={p.enabled}
                  target={{ provider: p.code }}
                  toggle={toggle}
                />
                {p.wire !== 'beacon' ? (
                  <>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t`Import games: ${p.name}`}
                      disabled={importer.isPending}
                      onClick={() => importGames(p.code)}
                    >
                      <Trans>Import games</Trans>
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t`Wallet calls: ${p.name}`}
                      onClick={() => setCalls({ code: p.code, name: p.name })}
                    >
                      <Trans>Wallet calls</Trans>
                    </button>
                  </>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      {calls ? <ProviderCalls code={calls.code} name={calls.name} onClose={() => setCalls(null)} /> : null}
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
