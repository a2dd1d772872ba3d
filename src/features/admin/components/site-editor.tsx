import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { CONTENT_LOCALES, type ContentLocale } from '../../../contract/locales';
import { type AdminSite, siteSaveRequestSchema } from '../../../contract/site-admin';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { parseTypedAmount } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../ui/form-fields';
import { useSiteSaveMutation } from '../admin.mutations';
import { usePathProblems } from './use-path-problems';

const MONEY_FIELDS = ['minWithdraw', 'maxWithdraw', 'minTransfer', 'reviewThreshold'] as const;
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

/**
 * A site's settings (issue 16): names, colour and support handle (what the manifest and the support dialog
 * show), currency symbols per language, the wallet's limits and the four-eyes thresholds. The domain and the
 * business time zone are shown, not edited (decision 0027).
 */
export function SiteEditor({ site, onClose }: { site: AdminSite; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = useSiteSaveMutation();
  const problems = usePathProblems(form);
  const [text, setText] = useState({
    name: site.name,
    shortName: site.shortName,
    themeColor: site.themeColor,
    supportHandle: site.supportHandle,
    ratioChangeLimit: String(site.ratioChangeLimitBp / 100),
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
    const input = problems.validate(siteSaveRequestSchema, {
      domain: site.domain,
      name: text.name,
      shortName: text.shortName,
      themeColor: text.themeColor,
      supportHandle: text.supportHandle,
      // Languages left empty use their own currency symbol.
      currencySymbols: Object.fromEntries(Object.entries(symbols).filter(([, s]) => s && s.trim() !== '')),
      ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, typedMoney(amounts[f], i18n.locale)])),
      ratioChangeLimitBp: basisPoints(text.ratioChangeLimit),
    });
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => toast.positive(t`Site saved`),
      onError: problems.showApiError,
    });
  };

  const moneyLabels: Record<MoneyField, string> = {
    minWithdraw: t`Smallest withdrawal`,
    maxWithdraw: t`Largest withdrawal`,
    minTransfer: t`Smallest transfer`,
    reviewThreshold: t`Withdrawals above this need a second operator`,
  };
  const title = t`Settings of ${site.domain}`;
  return (
    <div className="admin-editor">
      <form ref={form} noValidate onSubmit={submit} className="admin-editor__form" aria-label={title}>
        <h3 className="admin-editor__title">{title}</h3>
        <p className="admin-table__note">
          <Trans>
            Business days (reports, the agent programme, the wheel) follow the time zone{' '}
            {site.businessTimeZone}, the same for every site.
          </Trans>
        </p>
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
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
