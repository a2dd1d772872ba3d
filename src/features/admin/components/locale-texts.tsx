import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { SelectField, TextAreaField, TextField } from '#ui/form-fields';

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

/**
 * A fieldset per language with the fields `render` gives it, then the choice of the default language (none
 * without `onDefaultLocale`: the default is fixed, as the pages' English).
 */
export function LocaleTextFields({
  render,
  defaultLocale,
  onDefaultLocale,
  error,
}: {
  render: (locale: ContentLocale) => ReactNode;
  defaultLocale: string;
  onDefaultLocale?: (locale: string) => void;
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
      {onDefaultLocale ? (
        <SelectField
          label={t`Default language`}
          name="defaultLocale"
          value={defaultLocale}
          onChange={onDefaultLocale}
          options={CONTENT_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={error}
        />
      ) : null}
    </>
  );
}

/**
 * One language's title and text (a notice's, a message's): limits from the contract; the default language's
 * text also shows the problem named for the whole `texts` (no default text at all).
 */
export function TitleTextFields({
  locale,
  texts,
  defaultLocale,
  message,
  titleMax,
  bodyMax,
  titleHint,
}: {
  locale: ContentLocale;
  texts: {
    texts: Record<ContentLocale, { title: string; body: string }>;
    set: (l: ContentLocale, k: 'title' | 'body', v: string) => void;
  };
  defaultLocale: string;
  /** A field's problem, named by `label` where it is a generic one. */
  message: (path: string, label?: string) => string | undefined;
  titleMax: number;
  bodyMax: number;
  titleHint?: string;
}) {
  const { t } = useLingui();
  const titleLabel = t`Title (${LOCALE_NAMES[locale]})`;
  const bodyLabel = t`Text (${LOCALE_NAMES[locale]})`;
  return (
    <>
      <TextField
        label={titleLabel}
        hint={titleHint}
        name={`texts.${locale}.title`}
        lang={locale}
        value={texts.texts[locale].title}
        maxLength={titleMax}
        onChange={(e) => texts.set(locale, 'title', e.target.value)}
        error={message(`texts.${locale}.title`, titleLabel)}
      />
      <TextAreaField
        className="admin-editor__body"
        label={bodyLabel}
        maxLength={bodyMax}
        name={`texts.${locale}.body`}
        lang={locale}
        value={texts.texts[locale].body}
        onChange={(value) => texts.set(locale, 'body', value)}
        error={
          message(`texts.${locale}.body`, bodyLabel) ??
          (locale === defaultLocale ? message('texts') : undefined)
        }
      />
    </>
  );
}
