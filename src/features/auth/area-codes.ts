import { AREA_CODES, type AreaCode } from '#contract/auth';

/**
 * The area code a new visitor most likely has, by interface language. en-US falls back to the
 * Philippines like en-PH: the product's default currency (peso) says where its users are.
 */
const DEFAULT_BY_LOCALE: Record<string, AreaCode> = {
  'en-US': '63',
  'en-PH': '63',
  'es-ES': '34',
  'ko-KR': '82',
  'zh-CN': '86',
};

export function defaultAreaCode(locale: string): AreaCode {
  return DEFAULT_BY_LOCALE[locale] ?? '63';
}

/** "+63 Philippines", the country named in the interface language by the browser. */
export function areaCodeOptions(locale: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return AREA_CODES.map(({ areaCode, country }) => ({
    value: areaCode,
    label: `+${areaCode} ${names?.of(country) ?? country}`,
  }));
}

/** Splits a stored username "63+9171234567" back into its parts. */
export function splitUsername(value: string | null): { areaCode: string; phone: string } | null {
  const match = value ? /^(\d{1,4})\+(\d+)$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { areaCode: match[1], phone: match[2] };
}
