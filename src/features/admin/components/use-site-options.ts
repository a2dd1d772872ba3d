import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from '../admin.queries';

/** The "every site" option's value: the contract's null. */
export const EVERY_SITE = '';

/**
 * Where an operator may put content: every site only with a grant on every site, else the sites of their
 * grants. `chosen` is the value to show: the current one while allowed, else the first allowed (an
 * operator of one site cannot be left on "every site", which the server would refuse).
 */
export function useSiteOptions(current: string) {
  const { t } = useLingui();
  const sites = useQuery(adminQueries.sites());
  const session = useQuery(adminQueries.session());
  const grants = session.data?.grants ?? [];
  const everySite = grants.some((g) => g.site === null);
  const options = [
    ...(everySite ? [{ value: EVERY_SITE, label: t`Every site` }] : []),
    ...(sites.data ?? [])
      .filter((s) => everySite || grants.some((g) => g.site?.domain === s.domain))
      .map((s) => ({ value: s.domain, label: `${s.name} (${s.domain})` })),
  ];
  const chosen = options.some((o) => o.value === current) ? current : (options[0]?.value ?? current);
  return { options, chosen, target: chosen === EVERY_SITE ? null : chosen };
}
