/** The id of the running build: it busts the persisted query cache when a new version takes over. */
export const BUILD_ID: string = __BUILD_ID__;

/**
 * The build as a person reads it: when it was built, in their language and their device's zone (a build is
 * made at one instant, not on a site's business day). An id that is not a time (set by BEACON_BUILD_ID)
 * shows as it is.
 */
export function buildLabel(id: string, locale: string): string {
  const at = /^\d{4}-\d{2}-\d{2}T/.test(id) ? Date.parse(id) : Number.NaN;
  if (Number.isNaN(at)) return id;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
