/**
 * Spec section 2: the cooperation rate is newcps x 100 with 2 decimals as a percentage, a dash below 0.01.
 * Rounded to nearest (it is a rate, not money), computed on integer hundredths of a percent so 0.0115
 * shows 1.15%, not 1.14%.
 */
export function formatRate(newcps: number): string {
  if (!Number.isFinite(newcps) || newcps < 0.01) return '-';
  const hundredths = Math.round(Number((newcps * 10_000).toPrecision(12)));
  const whole = Math.trunc(hundredths / 100);
  const cents = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${cents}%`;
}

/** "/s/abc" -> "https://host/s/abc": the shareable form of a same-origin link; absolute links stay as they are. */
export function absoluteLink(link: string, origin: string = window.location.origin): string {
  if (!link) return '';
  if (/^https?:\/\//i.test(link)) return link;
  return `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
}

/**
 * A percent as a field shows it before editing: 2 decimals with the locale's decimal mark and no grouping
 * ("0.30" in en-US, "0,30" in es-ES), which the ratio fields read back in every locale.
 */
export const percentFieldText = (percent: number, locale: string): string =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(Math.round(percent * 100) / 100);
