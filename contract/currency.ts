/**
 * DESIGN.md section 4: the currency symbol follows the locale (a site entry may override it in the app).
 * Here, not in src/lib/money.ts, so the demo provider's game page (which may import only the contract)
 * shows amounts with the symbol the app shows.
 */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  'en-US': '₱',
  'en-PH': '₱',
  'es-ES': 'M$',
  'ko-KR': '₩',
  'zh-CN': '₱',
};
export const DEFAULT_CURRENCY_SYMBOL = '₱';
