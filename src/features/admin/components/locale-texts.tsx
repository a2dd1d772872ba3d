import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { CONTENT_LOCALES, type ContentLocale } from '../../../contract/locales';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { SelectField } from '../../../ui/form-fields';

/**
 * Operators' texts per language (decision 0025): a record of fields per language, each field's change
 * (which clears its problem, by the path the contract names it), and the languages actually written: a
 * language left empty is left out and reads the default language's.
 */
export function useLocaleTexts<K extends string>(
  initial: (locale: ContentLocale) => Record<K, string>,
  clearProblem: (path: string) => void,
) {
  const [texts, setTexts] = useState(
    () =>
      Object.fromEntries(CONTENT_LOCALES.map((l) => [l, initial(l)])) as Record<
        ContentLocale,
        Record<K, string>
      >,
  );
  return {
    texts,
    set: (locale: ContentLocale, key: K, value: string) => {
      setTexts((prev) => ({ ...prev, [locale]: { ...prev[locale], [key]: value } }));
      clearProblem(`texts.${locale}.${key}`);
    },
    written: () =>
      Object.fromEntries(
        Object.entries(texts).filter(([, fields]) =>
          Object.values<string>(fields as Record<K, string>).some((v) => v.trim() !== ''),
        ),
      ),
  };
}

/** A fieldset per language with the fields `render` gives it, then the choice of the default language. */
export function LocaleTextFields({
  render,
  defaultLocale,
  onDefaultLocale,
  error,
}: {
  render: (locale: ContentLocale) => ReactNode;
  defaultLocale: string;
  onDefaultLocale: (locale: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      {CONTENT_LOCALES.map((locale) => (
        <fieldset key={locale} className="admin-editor__language">
          <legend>{LOCALE_NAMES[locale]}</legend>
          {render(locale)}
        </fieldset>
      ))}
      <SelectField
        label={t`Default language`}
        name="defaultLocale"
        value={defaultLocale}
        onChange={onDefaultLocale}
        options={CONTENT_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        error={error}
      />
    </>
  );
}
