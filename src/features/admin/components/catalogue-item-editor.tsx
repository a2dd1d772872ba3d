import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type AdminCatalogueItem,
  CATALOGUE_NAME_MAX,
  catalogueItemCreateRequestSchema,
  DEMAND_INTRO_MAX,
  WX_INTRO_MAX,
} from '#contract/admin/catalogue';
import { type CatalogueKind, WX_CATEGORIES } from '#contract/catalogue';
import { useCategoryLabels } from '#lib/category-labels';
import { LOCALE_NAMES } from '#lib/i18n';
import { toast } from '#lib/toast';
import { SelectField, TextAreaField, TextField } from '#ui/form-fields';
import { useCatalogueItemSaveMutation } from '../admin.mutations';
import { EditorActions } from './editor-actions';
import { LocaleTextFields, useLocaleTexts } from './locale-texts';
import { usePathProblems } from './use-path-problems';

/** A number as typed, or NaN (the contract then names the field's problem). */
const typedNumber = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

/**
 * A catalogue item's form (issue 16): its name and intro in each language (a language left empty reads the
 * default language's), where its links lead, and per catalogue its category and rate (mini-games) or its
 * quota (demand tasks). A new item is saved hidden unless "Shown to promoters" is ticked.
 */
export function CatalogueItemEditor({
  kind,
  item,
  onClose,
}: {
  kind: CatalogueKind;
  item: AdminCatalogueItem | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = useCatalogueItemSaveMutation();
  const problems = usePathProblems(form);
  const texts = useLocaleTexts(
    (l) => ({ name: item?.texts[l]?.name ?? '', intro: item?.texts[l]?.intro ?? '' }),
    problems.clear,
  );
  const categories = useCategoryLabels();
  const ids = useId();
  const [fields, setFields] = useState({
    defaultLocale: item?.defaultLocale ?? 'en-US',
    targetUrl: item?.targetUrl ?? '',
    category: item?.kind === 'wx' ? item.category : WX_CATEGORIES[0],
    rate: item?.kind === 'wx' ? String(Math.round(item.rate * 10_000) / 100) : '',
    quota: item?.kind === 'dou' ? String(item.quota) : '',
    sortRank: String(item?.sortRank ?? 0),
  });
  const [enabled, setEnabled] = useState(item?.enabled ?? false);
  const message = problems.message;
  const introMax = kind === 'wx' ? WX_INTRO_MAX : DEMAND_INTRO_MAX;

  const set = (name: keyof typeof fields, value: string) => {
    setFields((prev) => ({ ...prev, [name]: value }));
    problems.clear(name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      texts: texts.written(),
      defaultLocale: fields.defaultLocale,
      targetUrl: fields.targetUrl,
      enabled,
      sortRank: typedNumber(fields.sortRank),
    };
    const input = problems.validate(
      catalogueItemCreateRequestSchema,
      kind === 'wx'
        ? { kind, ...common, category: fields.category, rate: typedNumber(fields.rate) / 100 }
        : { kind, ...common, quota: typedNumber(fields.quota) },
    );
    if (!input) return;
    save.mutate(
      { ...input, ...(item ? { id: item.id } : {}) },
      {
        onSuccess: () => {
          toast.positive(t`Item saved`);
          onClose();
        },
        onError: problems.showApiError,
      },
    );
  };

  const title = item ? t`Edit item` : kind === 'wx' ? t`New mini-game` : t`New demand task`;
  return (
    <div className="admin-editor">
      <form ref={form} noValidate onSubmit={submit} className="admin-editor__form" aria-label={title}>
        <h3 className="admin-editor__title">{title}</h3>
        <LocaleTextFields
          defaultLocale={fields.defaultLocale}
          onDefaultLocale={(value) => set('defaultLocale', value)}
          error={message('defaultLocale')}
          render={(locale) => (
            <>
              <TextField
                label={t`Name (${LOCALE_NAMES[locale]})`}
                name={`texts.${locale}.name`}
                lang={locale}
                value={texts.texts[locale].name}
                maxLength={CATALOGUE_NAME_MAX}
                onChange={(e) => texts.set(locale, 'name', e.target.value)}
                error={message(`texts.${locale}.name`)}
              />
              <TextAreaField
                className="admin-editor__body"
                label={t`Introduction (${LOCALE_NAMES[locale]})`}
                name={`texts.${locale}.intro`}
                lang={locale}
                maxLength={introMax}
                value={texts.texts[locale].intro}
                onChange={(value) => texts.set(locale, 'intro', value)}
                error={message(`texts.${locale}.intro`)}
              />
            </>
          )}
        />
        <TextField
          label={t`Link`}
          hint={
            kind === 'wx'
              ? t`An https:// address or a path of this site. Empty: awaiting review, promoters' links lead nowhere yet.`
              : t`An https:// address or a path of this site.`
          }
          name="targetUrl"
          value={fields.targetUrl}
          onChange={(e) => set('targetUrl', e.target.value)}
          error={message('targetUrl')}
        />
        {kind === 'wx' ? (
          <>
            <SelectField
              label={t`Category`}
              name="category"
              value={fields.category}
              onChange={(value) => set('category', value)}
              options={WX_CATEGORIES.map((c) => ({ value: c, label: categories[c] }))}
              error={message('category')}
            />
            <TextField
              label={t`Rate (%)`}
              name="rate"
              inputMode="decimal"
              value={fields.rate}
              onChange={(e) => set('rate', e.target.value)}
              error={message('rate')}
            />
          </>
        ) : (
          <TextField
            label={t`Quota (places promoters can claim)`}
            name="quota"
            inputMode="numeric"
            value={fields.quota}
            onChange={(e) => set('quota', e.target.value)}
            error={message('quota')}
          />
        )}
        <TextField
          label={t`Rank (higher first)`}
          name="sortRank"
          inputMode="numeric"
          value={fields.sortRank}
          onChange={(e) => set('sortRank', e.target.value)}
          error={message('sortRank')}
        />
        <div className="admin-editor__check">
          <input
            id={`${ids}-enabled`}
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <label htmlFor={`${ids}-enabled`}>
            <Trans>Shown to promoters</Trans>
          </label>
        </div>
        <EditorActions saving={save.isPending} onClose={onClose} />
      </form>
    </div>
  );
}
