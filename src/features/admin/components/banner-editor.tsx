import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { type AdminBanner, bannerCreateRequestSchema } from '#contract/admin/banner';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import { ApiError } from '#lib/api-client';
import { LOCALE_NAMES } from '#lib/i18n';
import { toast } from '#lib/toast';
import { validationMessage } from '#lib/validation-messages';
import { TextField } from '#ui/form-fields';
import {
  useBannerPictureMutation,
  useBannerPictureRemoveMutation,
  useBannerSaveMutation,
} from '../admin.mutations';
import { CheckField } from './check-field';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { LocaleNameField, LocaleTextFields, useLocaleTexts } from './locale-texts';
import { PictureField } from './picture-field';
import { SiteField } from './site-field';
import { usePathProblems } from './use-path-problems';
import { EVERY_SITE, useSiteOptions } from './use-site-options';

/**
 * A banner's form (issue 16): its name and remark in each language (a language left empty shows the
 * default language's), where it shows, and once it exists, a picture per language, each uploaded or
 * removed on its own. A new banner is saved hidden unless "Show on home" is ticked.
 */
export function BannerEditor({
  banner,
  onCreated,
  onClose,
}: {
  banner: AdminBanner | null;
  onCreated: (banner: AdminBanner) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = useBannerSaveMutation();
  const problems = usePathProblems(form);
  const texts = useLocaleTexts(
    (l) => ({ name: banner?.texts[l]?.name ?? '', remark: banner?.texts[l]?.remark ?? '' }),
    problems.clear,
    banner?.defaultLocale,
  );
  const [site, setSite] = useState(banner?.site ?? EVERY_SITE);
  const sites = useSiteOptions(site);
  const [sortOrder, setSortOrder] = useState(String(banner?.sortOrder ?? 0));
  const [enabled, setEnabled] = useState(banner?.enabled ?? false);
  const message = problems.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = problems.validate(bannerCreateRequestSchema, {
      texts: texts.written(),
      defaultLocale: texts.defaultLocale,
      site: sites.target,
      sortOrder: sortOrder.trim() === '' ? undefined : Number(sortOrder),
      enabled,
    });
    if (!fields) return;
    save.mutate(
      { ...fields, ...(banner ? { id: banner.id } : {}) },
      {
        onSuccess: (saved) => {
          toast.positive(t`Banner saved`);
          if (!banner) onCreated(saved);
        },
        onError: problems.showApiError,
      },
    );
  };

  const title = banner ? t`Edit banner` : t`New banner`;
  return (
    <EditorFrame
      title={title}
      form={form}
      onSubmit={submit}
      after={banner ? <BannerPictures banner={banner} /> : null}
    >
      <LocaleTextFields
        texts={texts}
        message={message}
        render={(locale) => (
          <>
            <LocaleNameField locale={locale} texts={texts} max={100} message={message} />
            <TextField
              label={t`Remark (${LOCALE_NAMES[locale]})`}
              name={`texts.${locale}.remark`}
              lang={locale}
              value={texts.texts[locale].remark}
              onChange={(e) => texts.set(locale, 'remark', e.target.value)}
              error={message(`texts.${locale}.remark`)}
            />
          </>
        )}
      />
      <SiteField sites={sites} onChange={setSite} error={message('site')} />
      <TextField
        label={t`Order (lower first)`}
        name="sortOrder"
        inputMode="numeric"
        value={sortOrder}
        onChange={(e) => setSortOrder(e.target.value.replace(/\D/g, ''))}
        error={message('sortOrder')}
      />
      <CheckField label={<Trans>Show on home</Trans>} checked={enabled} onChange={setEnabled} />
      <EditorActions saving={save.isPending} onClose={onClose} />
    </EditorFrame>
  );
}

/** A picture per language: each language's own, or the default one it shows meanwhile. */
function BannerPictures({ banner }: { banner: AdminBanner }) {
  const { t } = useLingui();
  return (
    <section className="admin-banner__pictures" aria-labelledby={`banner-${banner.id}-pictures`}>
      <h3 id={`banner-${banner.id}-pictures`} className="admin-editor__title">
        <Trans>Pictures</Trans>
      </h3>
      <p className="admin-table__note">
        <Trans>
          PNG, JPEG or WebP, at least 750 × 245 pixels, at most 5 MB. It is cropped to the banner's shape.
        </Trans>
      </p>
      {CONTENT_LOCALES.map((locale) => (
        <PictureRow
          key={locale}
          banner={banner}
          locale={locale}
          label={t`Picture (${LOCALE_NAMES[locale]})`}
        />
      ))}
    </section>
  );
}

/** The message of a failed picture call: a field's problem, the call's code, else its words. */
function problemOf(i18n: ReturnType<typeof useLingui>['i18n'], error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const issue = error.issues[0];
  if (issue) return validationMessage(i18n, issue.code, issue.message);
  return error.code ? validationMessage(i18n, error.code, error.message) : error.message;
}

/** One language's picture: upload one, or remove its own after a confirmation (picture-field.tsx). */
function PictureRow({
  banner,
  locale,
  label,
}: {
  banner: AdminBanner;
  locale: ContentLocale;
  label: string;
}) {
  const { i18n, t } = useLingui();
  const upload = useBannerPictureMutation();
  const remove = useBannerPictureRemoveMutation();
  const [problem, setProblem] = useState<string | undefined>();
  const own = banner.pictures[locale];

  const choose = (file: File) => {
    setProblem(undefined);
    upload.mutate(
      { id: banner.id, locale, file },
      {
        onSuccess: () => toast.positive(t`Picture saved`),
        onError: (error) => setProblem(problemOf(i18n, error)),
      },
    );
  };
  const removeOwn = async () => {
    setProblem(undefined);
    try {
      await remove.mutateAsync({ id: banner.id, locale });
      toast.positive(t`Picture removed`);
    } catch (error) {
      setProblem(problemOf(i18n, error));
      throw error;
    }
  };

  return (
    <PictureField
      className="admin-banner__picture"
      label={label}
      preview={
        <img
          className="admin-banner__thumb"
          src={own ?? banner.picUrl}
          alt={own ? t`${label}: its own` : t`${label}: the default picture`}
          width={150}
          height={49}
        />
      }
      problem={problem}
      busy={upload.isPending || remove.isPending}
      removable={Boolean(own)}
      removeLabel={<Trans>Remove picture</Trans>}
      removeAriaLabel={t`Remove picture (${LOCALE_NAMES[locale]})`}
      confirmTitle={t`Remove the picture (${LOCALE_NAMES[locale]})?`}
      confirmText={
        locale === banner.defaultLocale ? (
          <Trans>
            The banner then shows the picture drawn from its name in this language and in every language
            without a picture of its own.
          </Trans>
        ) : (
          <Trans>This language then shows the default language's picture.</Trans>
        )
      }
      onChoose={choose}
      onRemove={removeOwn}
    />
  );
}
