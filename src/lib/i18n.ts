import { i18n, type Messages } from '@lingui/core';

export const LOCALES = ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_STORAGE_KEY = 'locale';

/** Each language named in its own language, as a picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'es-ES': 'Español',
  'ko-KR': '한국어',
  'en-PH': 'English (Philippines)',
  'zh-CN': '中文',
};

type Loaders = Record<Locale, () => Promise<{ messages: Messages }>>;

// Written out so the bundler splits one chunk per catalogue and loads only the active one.
/** Home's and the shell's strings: what the first page needs. */
const homeLoaders: Loaders = {
  'en-US': () => import('../locales/en-US/messages.po'),
  'es-ES': () => import('../locales/es-ES/messages.po'),
  'ko-KR': () => import('../locales/ko-KR/messages.po'),
  'en-PH': () => import('../locales/en-PH/messages.po'),
  'zh-CN': () => import('../locales/zh-CN/messages.po'),
};
/** The sections home never shows (lingui.config.ts, decision 0026). */
const beyondHomeLoaders: Loaders = {
  'en-US': () => import('../locales/en-US/beyond-home.po'),
  'es-ES': () => import('../locales/es-ES/beyond-home.po'),
  'ko-KR': () => import('../locales/ko-KR/beyond-home.po'),
  'en-PH': () => import('../locales/en-PH/beyond-home.po'),
  'zh-CN': () => import('../locales/zh-CN/beyond-home.po'),
};

/** Once a page beyond home asked for its strings, every later language comes with them. */
let beyondHomeWanted = false;
const beyondHomeLoaded = new Map<Locale, Promise<void>>();

function loadBeyondHomeOf(locale: Locale): Promise<void> {
  let loading = beyondHomeLoaded.get(locale);
  if (!loading) {
    // A copy: lingui merges later catalogues into the object it holds, never into the module's.
    loading = beyondHomeLoaders[locale]().then(({ messages }) => i18n.load(locale, { ...messages }));
    // A failed download (offline before the catalogue was cached) is tried again on the next page.
    loading.catch(() => beyondHomeLoaded.delete(locale));
    beyondHomeLoaded.set(locale, loading);
  }
  return loading;
}

/**
 * The strings of every page but home, in the active language: the router waits for them before it
 * shows such a page, and home fetches them once it is idle.
 */
export function loadBeyondHome(): Promise<void> {
  beyondHomeWanted = true;
  return loadBeyondHomeOf(currentLocale());
}

// In a build a string shown before its catalogue arrived reads as its bare id: say so where the end-to-end
// tests listen. Unit tests and the dev server load no catalogue and show the source text instead.
if (import.meta.env.PROD) {
  i18n.on('missing', ({ locale, id }) => console.error(`Missing message ${id} in ${locale}`));
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Spec section 1: the stored locale, else en-US. */
export function getStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export async function activateLocale(locale: Locale): Promise<void> {
  const [{ messages }] = await Promise.all([
    homeLoaders[locale](),
    beyondHomeWanted ? loadBeyondHomeOf(locale) : undefined,
  ]);
  i18n.load(locale, { ...messages });
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
  await activateLocale(locale);
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
