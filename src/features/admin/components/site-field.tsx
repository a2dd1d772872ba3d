import { useLingui } from '@lingui/react/macro';
import { SelectField } from '#ui/form-fields';
import type { useSiteOptions } from './use-site-options';

/** Where a banner or a notice shows: the sites this operator may put content on (`useSiteOptions`). */
export function SiteField({
  sites,
  onChange,
  error,
}: {
  sites: ReturnType<typeof useSiteOptions>;
  onChange: (site: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Shown on`}
      name="site"
      value={sites.chosen}
      onChange={onChange}
      options={sites.options}
      error={error}
    />
  );
}
