import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import {
  type AdminSite,
  SITE_COUNTRIES,
  siteCreateRequestSchema,
  siteSaveRequestSchema,
} from '#contract/admin/site';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { parseTypedAmount } from '#lib/money';
import { toast } from '#lib/toast';
import { SelectField, TextField } from '#ui/form-fields';
import { useSiteIconMutation, useSiteIconRemoveMutation, useSiteSaveMutation } from '../admin.mutations';
import { EditorActions } from './editor-actions';
import { PictureField } from './picture-field';
import { timeZoneOptions } from './time-zone-options';
import { usePathProblems } from './use-path-problems';

const MONEY_FIELDS = [
  'minWithdraw',
  'maxWithdraw',
  'minTransfer',
  'reviewThreshold',
  'bonusGrantThreshold',
] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];

/**
 * Typed money as the contract's decimal: the reader's own separators (lib/money.ts), zero allowed.
 * Anything unreadable becomes NaN, which the contract names `amount_invalid` under its field.
 */
function typedMoney(text: string, locale: string): number {
  if (/^\s*0+([.,]0{1,2})?\s*$/.test(text)) return 0;
  const parsed = parseTypedAmount(text, locale, '');
  return 'minor' in parsed ? Number(parsed.minor) / 100 : Number.NaN;
}

/** A percentage with up to 2 decimals as basis points; unreadable: NaN. */
const basisPoints = (text: string): number => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : Math.round(value * 100);
};

/** The countries' names where a site is created (whose banks its users add). */
const COUNTRY_NAMES = { PH: msg`Philippines`, IN: msg`India` } as const satisfies Record<
  (typeof SITE_COUNTRIES)[number],
  unknown
>;

/**
 * A site's settings (issue 16): names, colour and support handle (what the manifest and the support dialog
 * show), currency symbols per language, the wallet's limits, the four-eyes thresholds and the business time
 * zone (decision 0033: fixed, so only shown, once the site's players have bet). The domain is shown, not edited. `creating`: a new site, its domain and country
 * typed, the other settings starting from `site`'s.
 */
export function SiteEditor({
  site,
  creating = false,
  onClose,
}: {
  site: AdminSite;
  creating?: boolean;
  /** Also called once a new site is created: the list then shows it. */
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = useSiteSaveMutation();
  const problems = usePathProblems(form);
  // About 420 zones, each named in the console's language: built once per language.
  const zoneOptions = useMemo(
    () => timeZoneOptions(site.businessTimeZone, i18n.locale),
    [site.businessTimeZone, i18n.locale],
  );
  const [text, setText] = useState({
    domain: creating ? '' : site.domain,
    country: site.country,
    name: creating ? '' : site.name,
    shortName: site.shortName,
    themeColor: site.themeColor,
    supportHandle: site.supportHandle,
    ratioChangeLimit: String(site.ratioChangeLimitBp / 100),
    businessTimeZone: site.businessTimeZone,
  });
  // Shown as the reader types amounts: their decimal separator, no grouping.
  const [amounts, setAmounts] = useState<Record<MoneyField, string>>(() => {
    const plain = new Intl.NumberFormat(i18n.locale, { useGrouping: false, maximumFractionDigits: 2 });
    return Object.fromEntries(MONEY_FIELDS.map((f) => [f, plain.format(site[f])])) as Record<
      MoneyField,
      string
    >;
  });
  const [symbols, setSymbols] = useState<Partial<Record<ContentLocale, string>>>(site.currencySymbols);
  const message = problems.message;

  const edit = (name: keyof typeof text, value: string) => {
    setText((prev) => ({ ...prev, [name]: value }));
    problems.clear(name === 'ratioChangeLimit' ? 'ratioChangeLimitBp' : name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name: text.name,
      shortName: text.shortName,
      themeColor: text.themeColor,
      supportHandle: text.supportHandle,
      // Languages left empty use their own currency symbol.
      currencySymbols: Object.fromEntries(Object.entries(symbols).filter(([, s]) => s && s.trim() !== '')),
      ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, typedMoney(amounts[f], i18n.locale)])),
      ratioChangeLimitBp: basisPoints(text.ratioChangeLimit),
      businessTimeZone: text.businessTimeZone,
    };
    if (creating) {
      const input = problems.validate(siteCreateRequestSchema, {
        ...fields,
        domain: text.domain,
        country: text.country,
      });
      if (!input) return;
      save.mutate(
        { create: true, request: input },
        {
          onSuccess: (created) => {
            toast.positive(t`Site ${created.domain} created`);
            onClose();
          },
          onError: problems.showApiError,
        },
      );
      return;
    }
    const input = problems.validate(siteSaveRequestSchema, { ...fields, domain: site.domain });
    if (!input) return;
    save.mutate(
      { create: false, request: input },
      { onSuccess: () => toast.positive(t`Site saved`), onError: problems.showApiError },
    );
  };

  const moneyLabels: Record<MoneyField, string> = {
    minWithdraw: t`Smallest withdrawal`,
    maxWithdraw: t`Largest withdrawal`,
    minTransfer: t`Smallest transfer`,
    reviewThreshold: t`Withdrawals above this need a second operator`,
    bonusGrantThreshold: t`Manual bonuses above this need a second operator`,
  };
  const title = creating ? t`New site` : t`Settings of ${site.domain}`;
  return (
    <div className="admin-editor">
      <form ref={form} noValidate onSubmit={submit} className="admin-editor__form" aria-label={title}>
        <h3 className="admin-editor__title">{title}</h3>
        {site.timeZoneFixed && !creating ? (
          <p className="admin-table__note">
            <Trans>
              Business days (reports, the agent programme, the wheel) follow the time zone{' '}
              {site.businessTimeZone}. It is fixed now that this site's players have bet.
            </Trans>
          </p>
        ) : (
          <SelectField
            label={t`Business time zone (reports, the agent programme, the wheel)`}
            name="businessTimeZone"
            value={text.businessTimeZone}
            onChange={(value) => edit('businessTimeZone', value)}
            options={zoneOptions}
            error={message('businessTimeZone')}
          />
        )}
        {creating ? (
          <>
            <TextField
              label={t`Domain`}
              hint={t`The host name players open, already pointing at this server, e.g. play.example.com`}
              name="domain"
              inputMode="url"
              autoCapitalize="none"
              value={text.domain}
              maxLength={253}
              onChange={(e) => edit('domain', e.target.value)}
              error={message('domain')}
            />
            <SelectField
              label={t`Country (whose banks players add)`}
              name="country"
              value={text.country}
              onChange={(value) => edit('country', value)}
              options={SITE_COUNTRIES.map((c) => ({ value: c, label: i18n._(COUNTRY_NAMES[c]) }))}
              error={message('country')}
            />
          </>
        ) : null}
        <TextField
          label={t`Name`}
          name="name"
          value={text.name}
          maxLength={100}
          onChange={(e) => edit('name', e.target.value)}
          error={message('name')}
        />
        <TextField
          label={t`Short name (under the home screen icon)`}
          name="shortName"
          value={text.shortName}
          maxLength={40}
          onChange={(e) => edit('shortName', e.target.value)}
          error={message('shortName')}
        />
        <TextField
          label={t`Theme colour`}
          hint={t`# and six hexadecimal digits, e.g. #1f618d`}
          name="themeColor"
          value={text.themeColor}
          maxLength={7}
          onChange={(e) => edit('themeColor', e.target.value)}
          error={message('themeColor')}
          addon={<span className="admin-swatch" style={{ background: text.themeColor }} aria-hidden="true" />}
        />
        <TextField
          label={t`Customer service handle`}
          name="supportHandle"
          value={text.supportHandle}
          maxLength={100}
          onChange={(e) => edit('supportHandle', e.target.value)}
          error={message('supportHandle')}
        />
        <fieldset className="admin-editor__language">
          <legend>
            <Trans>Currency symbol per language (empty: the language's own)</Trans>
          </legend>
          {CONTENT_LOCALES.map((locale) => (
            <TextField
              key={locale}
              label={t`Currency symbol (${LOCALE_NAMES[locale]})`}
              name={`currencySymbols.${locale}`}
              value={symbols[locale] ?? ''}
              maxLength={8}
              onChange={(e) => {
                setSymbols((prev) => ({ ...prev, [locale]: e.target.value }));
                problems.clear(`currencySymbols.${locale}`);
              }}
              error={message(`currencySymbols.${locale}`)}
            />
          ))}
        </fieldset>
        {MONEY_FIELDS.map((field) => (
          <TextField
            key={field}
            label={moneyLabels[field]}
            name={field}
            inputMode="decimal"
            value={amounts[field]}
            onChange={(e) => {
              setAmounts((prev) => ({ ...prev, [field]: e.target.value }));
              problems.clear(field);
            }}
            error={message(field)}
          />
        ))}
        <TextField
          label={t`Ratio changes above this many percentage points need a second operator`}
          name="ratioChangeLimitBp"
          inputMode="decimal"
          value={text.ratioChangeLimit}
          onChange={(e) => edit('ratioChangeLimit', e.target.value)}
          error={message('ratioChangeLimitBp')}
        />
        <EditorActions saving={save.isPending} onClose={onClose} />
      </form>
      {creating ? null : <SiteIconBlock site={site} />}
    </div>
  );
}

/** The icon a site without one of its own shows (the build's, public/icons/). */
const BUILD_ICON = '/icons/icon-192.png';

/**
 * The site's icon: what the home screen shows once the app is installed, and the manifest names. One
 * picture is uploaded (the server crops it square and makes every size), or the site's own is removed
 * after a confirmation and the build's shows again. Problems show under the file field; once removed, focus
 * moves to the file field (the Remove button is gone).
 */
function SiteIconBlock({ site }: { site: AdminSite }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const upload = useSiteIconMutation();
  const remove = useSiteIconRemoveMutation();
  const id = useId();
  // The domain is the form's own, so its problem (a site removed meanwhile) belongs to the one field too.
  const problem = problems.message('icon') ?? problems.message('domain');

  const clearProblems = () => {
    problems.clear('icon');
    problems.clear('domain');
  };
  const choose = (file: File) => {
    clearProblems();
    upload.mutate(
      { domain: site.domain, file },
      { onSuccess: () => toast.positive(t`Icon saved`), onError: problems.showApiError },
    );
  };
  const removeOwn = async () => {
    clearProblems();
    try {
      await remove.mutateAsync(site.domain);
      toast.positive(t`Icon removed`);
    } catch (error) {
      problems.showApiError(error);
      throw error;
    }
  };

  const titleId = `${id}-title`;
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="admin-editor__form"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="admin-editor__title">
        <Trans>Icon</Trans>
      </h3>
      <p className="admin-table__note">
        <Trans>
          What the home screen shows once the app is installed. PNG, JPEG or WebP, at least 512 × 512 pixels,
          at most 5 MB; a picture that is not square is cropped to its centre. Launchers that shape icons get
          it on the theme colour, with a margin.
        </Trans>
      </p>
      <PictureField
        label={<Trans>Icon picture</Trans>}
        name="icon"
        preview={
          <img
            src={site.icon?.any192 ?? BUILD_ICON}
            alt={site.icon ? t`Icon of ${site.domain}` : t`Icon of ${site.domain}: the app's default`}
            width={96}
            height={96}
            style={{ width: 96, height: 96, borderRadius: 16, background: '#f5f5f4' }}
          />
        }
        problem={problem}
        busy={upload.isPending || remove.isPending}
        removable={site.icon !== null}
        removeLabel={<Trans>Remove icon</Trans>}
        confirmTitle={t`Remove the icon of ${site.domain}?`}
        confirmText={
          <Trans>
            The site then shows the app's default icon. Phones that installed the app may keep the icon they
            have until they update it.
          </Trans>
        }
        onChoose={choose}
        onRemove={removeOwn}
      />
    </form>
  );
}
