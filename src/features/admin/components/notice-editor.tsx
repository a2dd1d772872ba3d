import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type AdminNotice,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  noticeCreateRequestSchema,
} from '#contract/admin/notice';
import { CONTENT_LOCALES } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { toast } from '#lib/toast';
import { SelectField, TextField } from '#ui/form-fields';
import { useNoticeSaveMutation } from '../admin.mutations';
import { EditorActions } from './editor-actions';
import { LocaleTextFields, TitleTextFields, useLocaleTexts } from './locale-texts';
import { usePathProblems } from './use-path-problems';
import { EVERY_SITE, useSiteOptions } from './use-site-options';

/** Jobs as the contract numbers them (DESIGN.md section 4). */
const JOBS = [0, 1, 2] as const;

/** An instant as a `datetime-local` value, in this device's time (what the operator reads and types). */
function localInput(at: number | null | undefined): string {
  if (!at) return '';
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
/** A `datetime-local` value back to an instant; empty stays empty; an unreadable one is the contract's problem. */
const instant = (value: string): number | undefined => (value ? new Date(value).getTime() : undefined);

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((x) => x !== item);
}

/**
 * A notice's form (issue 16): a title and text per language (a language left empty reads the default
 * language's), who receives it (sites, jobs, languages: none ticked means everyone) and when it shows.
 * Publishing pushes it to subscribed phones when it goes live; an edit does not push it again.
 */
export function NoticeEditor({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = useNoticeSaveMutation();
  const problems = usePathProblems(form);
  const texts = useLocaleTexts(
    (l) => ({ title: notice?.texts[l]?.title ?? '', body: notice?.texts[l]?.body ?? '' }),
    problems.clear,
  );
  const [defaultLocale, setDefaultLocale] = useState<string>(notice?.defaultLocale ?? 'en-US');
  const [site, setSite] = useState(notice?.site ?? EVERY_SITE);
  const sites = useSiteOptions(site);
  const [jobs, setJobs] = useState<number[]>(notice?.jobs ?? []);
  const [locales, setLocales] = useState<string[]>(notice?.locales ?? []);
  const [from, setFrom] = useState(localInput(notice?.publishFrom));
  const [until, setUntil] = useState(localInput(notice?.publishUntil));
  const ids = useId();
  const message = problems.message;

  const jobNames: Record<(typeof JOBS)[number], string> = {
    0: t`Players`,
    1: t`Agents`,
    2: t`Senior agents`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = problems.validate(noticeCreateRequestSchema, {
      texts: texts.written(),
      defaultLocale,
      site: sites.target,
      jobs: jobs.length > 0 ? jobs : null,
      locales: locales.length > 0 ? locales : null,
      publishFrom: instant(from),
      publishUntil: instant(until) ?? null,
    });
    if (!fields) return;
    save.mutate(
      { ...fields, ...(notice ? { id: notice.id } : {}) },
      {
        onSuccess: () => {
          toast.positive(notice ? t`Notice saved` : t`Notice published`);
          onClose();
        },
        onError: problems.showApiError,
      },
    );
  };

  const title = notice ? t`Edit notice` : t`New notice`;
  return (
    <div className="admin-editor">
      <form ref={form} noValidate onSubmit={submit} className="admin-editor__form" aria-label={title}>
        <h3 className="admin-editor__title">{title}</h3>
        <LocaleTextFields
          defaultLocale={defaultLocale}
          onDefaultLocale={setDefaultLocale}
          error={message('defaultLocale')}
          render={(locale) => (
            <TitleTextFields
              locale={locale}
              texts={texts}
              defaultLocale={defaultLocale}
              message={message}
              titleMax={NOTICE_TITLE_MAX}
              bodyMax={NOTICE_BODY_MAX}
              titleHint={t`Empty: the notification shows the site's name.`}
            />
          )}
        />
        <SelectField
          label={t`Shown on`}
          name="site"
          value={sites.chosen}
          onChange={setSite}
          options={sites.options}
          error={message('site')}
        />
        <fieldset className="admin-editor__checks">
          <legend>
            <Trans>Who receives it (none ticked: everyone)</Trans>
          </legend>
          {JOBS.map((job) => (
            <div key={job} className="admin-editor__check">
              <input
                id={`${ids}-job-${job}`}
                type="checkbox"
                name="jobs"
                checked={jobs.includes(job)}
                onChange={(e) => setJobs((prev) => toggle(prev, job, e.target.checked))}
              />
              <label htmlFor={`${ids}-job-${job}`}>{jobNames[job]}</label>
            </div>
          ))}
        </fieldset>
        <fieldset className="admin-editor__checks">
          <legend>
            <Trans>Readers of these languages (none ticked: every language)</Trans>
          </legend>
          {CONTENT_LOCALES.map((locale) => (
            <div key={locale} className="admin-editor__check">
              <input
                id={`${ids}-locale-${locale}`}
                type="checkbox"
                name="locales"
                checked={locales.includes(locale)}
                onChange={(e) => setLocales((prev) => toggle(prev, locale, e.target.checked))}
              />
              <label htmlFor={`${ids}-locale-${locale}`}>{LOCALE_NAMES[locale]}</label>
            </div>
          ))}
        </fieldset>
        <TextField
          label={t`Shows from`}
          hint={t`Your device's time. Empty: now.`}
          type="datetime-local"
          name="publishFrom"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            problems.clear('publishFrom');
          }}
          error={message('publishFrom')}
        />
        <TextField
          label={t`Shows until`}
          hint={t`Empty: until it is taken down.`}
          type="datetime-local"
          name="publishUntil"
          value={until}
          onChange={(e) => {
            setUntil(e.target.value);
            problems.clear('publishUntil');
          }}
          error={message('publishUntil')}
        />
        <EditorActions
          saving={save.isPending}
          onClose={onClose}
          submitLabel={notice ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        />
      </form>
    </div>
  );
}
