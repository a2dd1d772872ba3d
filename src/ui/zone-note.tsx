import { useLingui } from '@lingui/react/macro';
import { useDayZone, zoneLabel } from '#lib/zoned-time';

/**
 * Says once, on a page that shows the times of the user's business days, which zone they are in (their own
 * site's, decision 0046): a phone set to another zone would otherwise read them as its own.
 */
export function ZoneNote({ className }: { className: string }) {
  const { t, i18n } = useLingui();
  const { zone, offset } = zoneLabel(i18n.locale, useDayZone());
  return (
    <p className={className} data-testid="zone-note">
      {t`Dates and times in ${zone} time (${offset})`}
    </p>
  );
}
