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

// Written out so the bundler splits one chunk per catalogue and loads only the active one.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-US': () => import('../locales/en-US/messages.po'),
  'es-ES': () => import('../locales/es-ES/messages.po'),
  'ko-KR': () => import('../locales/ko-KR/messages.po'),
  'en-PH': () => import('../locales/en-PH/messages.po'),
  'zh-CN': () => import('../locales/zh-CN/messages.po'),
};

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
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
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
