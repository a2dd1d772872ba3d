import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
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
import { CheckField } from './check-field';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { LocaleNameField, LocaleTextFields, useLocaleTexts } from './locale-texts';
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
    item?.defaultLocale,
  );
  const categories = useCategoryLabels();
  const [fields, setFields] = useState({
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
      defaultLocale: texts.defaultLocale,
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
  const field = (name: keyof typeof fields) => problems.field(name, fields[name], (v) => set(name, v));
  return (
    <EditorFrame title={title} form={form} onSubmit={submit}>
      <LocaleTextFields
        texts={texts}
        message={message}
        render={(locale) => (
          <>
            <LocaleNameField locale={locale} texts={texts} max={CATALOGUE_NAME_MAX} message={message} />
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
        {...field('targetUrl')}
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
          <TextField label={t`Rate (%)`} inputMode="decimal" {...field('rate')} />
        </>
      ) : (
        <TextField label={t`Quota (places promoters can claim)`} inputMode="numeric" {...field('quota')} />
      )}
      <TextField label={t`Rank (higher first)`} inputMode="numeric" {...field('sortRank')} />
      <CheckField label={<Trans>Shown to promoters</Trans>} checked={enabled} onChange={setEnabled} />
      <EditorActions saving={save.isPending} onClose={onClose} />
    </EditorFrame>
  );
}
