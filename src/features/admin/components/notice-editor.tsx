import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import {
  type AdminNotice,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  noticeCreateRequestSchema,
} from '#contract/admin/notice';
import { CONTENT_LOCALES } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { toast } from '#lib/toast';
import { TextField } from '#ui/form-fields';
import { useNoticeSaveMutation } from '../admin.mutations';
import { CheckGroup } from './check-field';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { TitleTextLocales, useLocaleTexts } from './locale-texts';
import { SiteField } from './site-field';
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
    notice?.defaultLocale,
  );
  const [site, setSite] = useState(notice?.site ?? EVERY_SITE);
  const sites = useSiteOptions(site);
  const [jobs, setJobs] = useState<number[]>(notice?.jobs ?? []);
  const [locales, setLocales] = useState<string[]>(notice?.locales ?? []);
  const [from, setFrom] = useState(localInput(notice?.publishFrom));
  const [until, setUntil] = useState(localInput(notice?.publishUntil));
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
      defaultLocale: texts.defaultLocale,
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
    <EditorFrame title={title} form={form} onSubmit={submit}>
      <TitleTextLocales
        texts={texts}
        message={message}
        max={{ title: NOTICE_TITLE_MAX, body: NOTICE_BODY_MAX }}
        titleHint={t`Empty: the notification shows the site's name.`}
      />
      <SiteField sites={sites} onChange={setSite} error={message('site')} />
      <CheckGroup
        legend={<Trans>Who receives it (none ticked: everyone)</Trans>}
        name="jobs"
        choices={JOBS}
        labelOf={(job) => jobNames[job]}
        isChecked={(job) => jobs.includes(job)}
        onChange={(job, on) => setJobs((prev) => toggle(prev, job, on))}
      />
      <CheckGroup
        legend={<Trans>Readers of these languages (none ticked: every language)</Trans>}
        name="locales"
        choices={CONTENT_LOCALES}
        labelOf={(locale) => LOCALE_NAMES[locale]}
        isChecked={(locale) => locales.includes(locale)}
        onChange={(locale, on) => setLocales((prev) => toggle(prev, locale, on))}
      />
      <TextField
        label={t`Shows from`}
        hint={t`Your device's time. Empty: now.`}
        type="datetime-local"
        {...problems.field('publishFrom', from, setFrom)}
      />
      <TextField
        label={t`Shows until`}
        hint={t`Empty: until it is taken down.`}
        type="datetime-local"
        {...problems.field('publishUntil', until, setUntil)}
      />
      <EditorActions
        saving={save.isPending}
        onClose={onClose}
        submitLabel={notice ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
      />
    </EditorFrame>
  );
}
