import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { SelectField, TextAreaField, TextField } from '#ui/form-fields';

/** A field's problem by its path; with its label, a generic one names the field (use-path-problems.ts). */
type Message = (path: string, label?: string) => string | undefined;

/**
 * Operators' texts per language (decision 0025): a record of fields per language, each field's change
 * (which clears its problem, by the path the contract names it), the languages actually written (a
 * language left empty is left out and reads the default language's), and that default language.
 */
export function useLocaleTexts<K extends string>(
  initial: (locale: ContentLocale) => Record<K, string>,
  clearProblem: (path: string) => void,
  initialDefault = 'en-US',
) {
  const [texts, setTexts] = useState(
    () =>
      Object.fromEntries(CONTENT_LOCALES.map((l) => [l, initial(l)])) as Record<
        ContentLocale,
        Record<K, string>
      >,
  );
  const [defaultLocale, setDefaultLocale] = useState(initialDefault);
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
    defaultLocale,
    setDefaultLocale: (locale: string) => {
      setDefaultLocale(locale);
      clearProblem('defaultLocale');
    },
  };
}

/** What the fields below read of `useLocaleTexts`, for texts with fields `K`. */
interface LocaleTexts<K extends string> {
  texts: Record<ContentLocale, Record<K, string>>;
  set: (locale: ContentLocale, key: K, value: string) => void;
  defaultLocale: string;
  setDefaultLocale: (locale: string) => void;
}

/**
 * A fieldset per language with the fields `render` gives it, then the choice of the default language (none
 * when `fixedDefault`, as the pages' English).
 */
export function LocaleTextFields({
  render,
  texts,
  message,
  fixedDefault = false,
}: {
  render: (locale: ContentLocale) => ReactNode;
  texts: Pick<LocaleTexts<never>, 'defaultLocale' | 'setDefaultLocale'>;
  message: Message;
  fixedDefault?: boolean;
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
      {fixedDefault ? null : (
        <SelectField
          label={t`Default language`}
          name="defaultLocale"
          value={texts.defaultLocale}
          onChange={texts.setDefaultLocale}
          options={CONTENT_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={message('defaultLocale')}
        />
      )}
    </>
  );
}

/** A title's and a text's longest, from the contract. */
interface TitleTextLimits {
  title: number;
  body: number;
}

/**
 * One language's title and text (a notice's, a message's, a page's): the default language's text also
 * shows the problem named for the whole `texts` (no default text at all).
 */
function TitleTextFields({
  locale,
  texts,
  message,
  max,
  titleHint,
}: {
  locale: ContentLocale;
  texts: LocaleTexts<'title' | 'body'>;
  message: Message;
  max: TitleTextLimits;
  titleHint?: string | undefined;
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
        maxLength={max.title}
        onChange={(e) => texts.set(locale, 'title', e.target.value)}
        error={message(`texts.${locale}.title`, titleLabel)}
      />
      <TextAreaField
        className="admin-editor__body"
        label={bodyLabel}
        maxLength={max.body}
        name={`texts.${locale}.body`}
        lang={locale}
        value={texts.texts[locale].body}
        onChange={(value) => texts.set(locale, 'body', value)}
        error={
          message(`texts.${locale}.body`, bodyLabel) ??
          (locale === texts.defaultLocale ? message('texts') : undefined)
        }
      />
    </>
  );
}

/** A title and a text in every language, then the default language's choice unless it is fixed. */
export function TitleTextLocales({
  fixedDefault,
  ...fields
}: {
  texts: LocaleTexts<'title' | 'body'>;
  message: Message;
  max: TitleTextLimits;
  titleHint?: string;
  fixedDefault?: boolean;
}) {
  return (
    <LocaleTextFields
      texts={fields.texts}
      message={fields.message}
      fixedDefault={fixedDefault}
      render={(locale) => <TitleTextFields locale={locale} {...fields} />}
    />
  );
}

/** One language's name (a banner's, a catalogue item's). */
export function LocaleNameField({
  locale,
  texts,
  max,
  message,
}: {
  locale: ContentLocale;
  texts: Pick<LocaleTexts<'name'>, 'texts' | 'set'>;
  max: number;
  message: Message;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Name (${LOCALE_NAMES[locale]})`}
      name={`texts.${locale}.name`}
      lang={locale}
      value={texts.texts[locale].name}
      maxLength={max}
      onChange={(e) => texts.set(locale, 'name', e.target.value)}
      error={message(`texts.${locale}.name`)}
    />
  );
}

/** The languages written, by their names, in the order given (a list's "Languages" column). */
export const languageNames = (locales: readonly string[]): string =>
  locales.map((l) => LOCALE_NAMES[l as ContentLocale] ?? l).join(', ');
