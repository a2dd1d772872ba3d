import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import {
  type AdminOfferDetail,
  OFFER_TERMS_MAX,
  OFFER_TITLE_MAX,
  offerCreateRequestSchema,
  offerEditRequestSchema,
} from '#contract/admin/bonuses';
import { OFFER_KINDS, type OfferKind, TURNOVER_BASES, type TurnoverBase } from '#contract/bonuses';
import type { ContentLocale } from '#contract/locales';
import { LOCALE_NAMES } from '#lib/i18n';
import { formatAmount, parseTypedAmount } from '#lib/money';
import { toast } from '#lib/toast';
import { SelectField, TextAreaField, TextField } from '#ui/form-fields';
import { CheckField } from '../../components/check-field';
import { EditorActions } from '../../components/editor-actions';
import { EditorFrame } from '../../components/editor-frame';
import { LocaleTextFields, useLocaleTexts } from '../../components/locale-texts';
import { SiteField } from '../../components/site-field';
import { usePathProblems } from '../../components/use-path-problems';
import { EVERY_SITE, useSiteOptions } from '../../components/use-site-options';
import { useOfferSaveMutation } from '../bonuses.mutations';

export const KIND_NAMES: Record<OfferKind, MessageDescriptor> = {
  deposit_match: msg`Deposit match`,
  registration: msg`Registration bonus`,
  first_deposit: msg`First deposit bonus`,
  reload: msg`Reload`,
  cashback: msg`Weekly cashback`,
  vip_birthday: msg`VIP birthday bonus`,
  vip_monthly: msg`VIP monthly bonus`,
  deposit_turnover: msg`Deposit turnover`,
  manual: msg`Manual grants`,
};

/** The kinds whose withdrawal forfeits by default (the server's default too). */
const FORFEITING_KINDS: readonly OfferKind[] = ['deposit_match', 'reload'];

const BASE_NAMES: Record<TurnoverBase, MessageDescriptor> = {
  bonus: msg`The bonus`,
  bonus_deposit: msg`The bonus and the deposit`,
  deposit: msg`The deposit`,
};

/** A whole number as typed; empty: none (null); unreadable: NaN, which the contract names under its field. */
const typedInt = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
/** An amount as typed in the operator's language; empty: none; unreadable: NaN. */
const typedMoney = (text: string, locale: string): number | null => {
  if (text.trim() === '') return null;
  const parsed = parseTypedAmount(text, locale, '');
  return 'minor' in parsed ? Number(parsed.minor) / 100 : Number.NaN;
};
const moneyText = (v: number | null | undefined, locale: string) =>
  v === null || v === undefined ? '' : formatAmount(v, locale).replace(/\s/g, '');
const intText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

type Contribution = { channel: string; percent: string };

/**
 * An offer's form (issue 33): its kind, amounts and rules, the contribution of each game channel, its title
 * and terms in each language, its budget. Saving an offer that exists writes its next version: what players
 * accepted under the earlier ones stays as it was. Where and whether it is a welcome offer are chosen once.
 */
export function OfferEditor({ offer, onClose }: { offer: AdminOfferDetail | null; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const save = useOfferSaveMutation();
  const current = offer?.versions[0];
  const locale = i18n.locale;
  const texts = useLocaleTexts(
    (l) => ({ title: current?.texts[l]?.title ?? '', terms: current?.texts[l]?.terms ?? '' }),
    problems.clear,
  );
  const [site, setSite] = useState(offer?.site ?? EVERY_SITE);
  const sites = useSiteOptions(site);
  const [kind, setKind] = useState<OfferKind>(offer?.kind ?? 'deposit_match');
  const [welcome, setWelcome] = useState(offer?.welcome ?? false);
  const [fields, setFields] = useState({
    percent: intText(current?.percent),
    amount: moneyText(current?.amount, locale),
    minDeposit: moneyText(current?.minDeposit, locale),
    maxBonus: moneyText(current?.maxBonus, locale),
    nthDeposit: intText(current?.nthDeposit),
    turnoverMultiplier: intText(current?.turnoverMultiplier ?? 10),
    maxBet: moneyText(current?.maxBet, locale),
    maxConversion: moneyText(current?.maxConversion, locale),
    validityDays: intText(current?.validityDays ?? 7),
    minLevel: intText(current?.minLevel ?? 0),
    agentTeam: intText(current?.agentTeam),
    budget: moneyText(offer?.budget, locale),
  });
  const [base, setBase] = useState<TurnoverBase>(current?.turnoverBase ?? 'bonus');
  // Untouched on a new offer: the kind's default (deposit match and reload forfeit, the server decides).
  const [forfeits, setForfeits] = useState<boolean | undefined>(current?.forfeitsOnWithdrawal);
  const forfeitsShown = forfeits ?? FORFEITING_KINDS.includes(kind);
  const [newPlayersOnly, setNewPlayersOnly] = useState(current?.newPlayersOnly ?? false);
  const [holdSameAddress, setHoldSameAddress] = useState(current?.holdSameAddress ?? false);
  const [contributions, setContributions] = useState<Contribution[]>(
    current?.contributions.map((c) => ({ channel: c.channel, percent: String(c.percent) })) ?? [],
  );
  const field = (name: keyof typeof fields) =>
    problems.field(name, fields[name], (value) => setFields((prev) => ({ ...prev, [name]: value })));
  const setContribution = (i: number, change: Partial<Contribution>) => {
    setContributions((prev) => prev.map((c, j) => (j === i ? { ...c, ...change } : c)));
    problems.clear(`contributions.${i}.${Object.keys(change)[0]}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const terms = {
      kind,
      percent: typedInt(fields.percent),
      amount: typedMoney(fields.amount, locale),
      minDeposit: typedMoney(fields.minDeposit, locale),
      maxBonus: typedMoney(fields.maxBonus, locale),
      nthDeposit: typedInt(fields.nthDeposit),
      turnoverMultiplier: typedInt(fields.turnoverMultiplier) ?? undefined,
      turnoverBase: base,
      maxBet: typedMoney(fields.maxBet, locale),
      maxConversion: typedMoney(fields.maxConversion, locale),
      validityDays: typedInt(fields.validityDays) ?? undefined,
      ...(forfeits === undefined ? {} : { forfeitsOnWithdrawal: forfeits }),
      minLevel: typedInt(fields.minLevel) ?? 0,
      newPlayersOnly,
      agentTeam: typedInt(fields.agentTeam),
      holdSameAddress,
      contributions: contributions.map((c) => ({
        channel: c.channel.trim(),
        percent: typedInt(c.percent) ?? undefined,
      })),
      texts: texts.written(),
      budget: typedMoney(fields.budget, locale),
    };
    const input = offer
      ? problems.validate(offerEditRequestSchema, { ...terms, id: offer.id })
      : problems.validate(offerCreateRequestSchema, { ...terms, site: sites.target, welcome });
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        toast.positive(offer ? t`Saved as version ${saved.version}` : t`Offer created`);
        onClose();
      },
      onError: problems.showApiError,
    });
  };

  const message = problems.message;
  const title = offer ? t`Edit offer ${offer.id} (next: version ${offer.version + 1})` : t`New offer`;
  return (
    <EditorFrame title={title} form={form} onSubmit={submit}>
      {offer ? (
        <p className="admin-table__note">
          {i18n._(KIND_NAMES[offer.kind])} · {offer.site ?? t`Every site`}
          {offer.welcome ? ` · ${t`Welcome offer`}` : ''}
        </p>
      ) : (
        <>
          <SiteField sites={sites} onChange={setSite} error={message('site')} />
          <SelectField
            label={t`Kind`}
            name="kind"
            value={kind}
            onChange={(value) => {
              setKind(value as OfferKind);
              problems.clear('kind');
            }}
            options={OFFER_KINDS.map((k) => ({ value: k, label: i18n._(KIND_NAMES[k]) }))}
            error={message('kind')}
          />
          <CheckField
            label={<Trans>Welcome offer: one per person (same phone, device or address)</Trans>}
            checked={welcome}
            onChange={setWelcome}
          />
        </>
      )}
      {/* A cashback pays on the week's net loss (decision 0053); a VIP bonus pays the level's amount. */}
      <TextField
        label={kind === 'cashback' ? t`Percent of the net loss (%)` : t`Percent of the deposit (%)`}
        inputMode="numeric"
        {...field('percent')}
      />
      <TextField
        label={t`Fixed amount`}
        hint={
          kind === 'vip_birthday' || kind === 'vip_monthly'
            ? t`Not used: a VIP bonus pays each player their VIP level's amount.`
            : undefined
        }
        inputMode="decimal"
        {...field('amount')}
      />
      <TextField
        label={kind === 'cashback' ? t`Minimum net loss` : t`Minimum deposit`}
        inputMode="decimal"
        {...field('minDeposit')}
      />
      <TextField label={t`Largest bonus`} inputMode="decimal" {...field('maxBonus')} />
      <TextField
        label={t`Deposit number (reload)`}
        hint={t`2: the player's second deposit.`}
        inputMode="numeric"
        {...field('nthDeposit')}
      />
      <TextField
        label={t`Turnover multiplier`}
        hint={t`Valid bets of this many times the base, 0 to 100.`}
        inputMode="numeric"
        {...field('turnoverMultiplier')}
      />
      <SelectField
        label={t`Turnover base`}
        name="turnoverBase"
        value={base}
        onChange={(value) => setBase(value as TurnoverBase)}
        options={TURNOVER_BASES.map((b) => ({ value: b, label: i18n._(BASE_NAMES[b]) }))}
      />
      <TextField label={t`Largest bet while it is open`} inputMode="decimal" {...field('maxBet')} />
      <TextField
        label={t`Largest conversion`}
        hint={t`The most that becomes withdrawable; empty: no limit.`}
        inputMode="decimal"
        {...field('maxConversion')}
      />
      <TextField label={t`Valid for (days)`} inputMode="numeric" {...field('validityDays')} />
      <TextField label={t`Lowest VIP level`} inputMode="numeric" {...field('minLevel')} />
      <TextField
        label={t`Only the team of agent (UID)`}
        hint={t`Empty: every player.`}
        inputMode="numeric"
        {...field('agentTeam')}
      />
      <TextField
        label={t`Budget`}
        hint={
          offer
            ? t`Granted so far: ${formatAmount(offer.granted, locale)}. Empty: no budget.`
            : t`Empty: no budget.`
        }
        inputMode="decimal"
        {...field('budget')}
      />
      <CheckField
        label={<Trans>A withdrawal forfeits it while it is open</Trans>}
        checked={forfeitsShown}
        onChange={setForfeits}
      />
      <CheckField
        label={<Trans>New players only</Trans>}
        checked={newPlayersOnly}
        onChange={setNewPlayersOnly}
      />
      <CheckField
        label={<Trans>Hold a claim from an address another claim used, for review</Trans>}
        checked={holdSameAddress}
        onChange={setHoldSameAddress}
      />
      <fieldset className="admin-editor__language">
        <legend>
          <Trans>Contribution of each game channel (a channel not listed counts 0%)</Trans>
        </legend>
        {contributions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
          <div key={i} className="admin-search">
            <TextField
              label={t`Channel code ${i + 1}`}
              name={`contributions.${i}.channel`}
              value={c.channel}
              onChange={(e) => setContribution(i, { channel: e.target.value })}
              error={message(`contributions.${i}.channel`)}
            />
            <TextField
              label={t`Counts (%) ${i + 1}`}
              name={`contributions.${i}.percent`}
              inputMode="numeric"
              value={c.percent}
              onChange={(e) => setContribution(i, { percent: e.target.value })}
              error={message(`contributions.${i}.percent`)}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setContributions((prev) => prev.filter((_, j) => j !== i))}
            >
              <Trans>Remove channel {i + 1}</Trans>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setContributions((prev) => [...prev, { channel: '', percent: '100' }])}
        >
          <Trans>Add a channel</Trans>
        </button>
      </fieldset>
      {message('texts') ? (
        <p className="field__error" role="alert">
          {message('texts')}
        </p>
      ) : null}
      <LocaleTextFields
        fixedDefault
        texts={texts}
        message={message}
        render={(l: ContentLocale) => <OfferTextFields locale={l} texts={texts} message={message} />}
      />
      <EditorActions
        saving={save.isPending}
        onClose={onClose}
        submitLabel={offer ? <Trans>Save as a new version</Trans> : <Trans>Create offer</Trans>}
      />
    </EditorFrame>
  );
}

function OfferTextFields({
  locale,
  texts,
  message,
}: {
  locale: ContentLocale;
  texts: ReturnType<typeof useLocaleTexts<'title' | 'terms'>>;
  message: (path: string, label?: string) => string | undefined;
}) {
  const { t } = useLingui();
  const titleLabel = t`Title (${LOCALE_NAMES[locale]})`;
  const termsLabel = t`Terms (${LOCALE_NAMES[locale]})`;
  return (
    <>
      <TextField
        label={titleLabel}
        name={`texts.${locale}.title`}
        lang={locale}
        maxLength={OFFER_TITLE_MAX}
        value={texts.texts[locale].title}
        onChange={(e) => texts.set(locale, 'title', e.target.value)}
        error={message(`texts.${locale}.title`, titleLabel)}
      />
      <TextAreaField
        className="admin-editor__body"
        label={termsLabel}
        name={`texts.${locale}.terms`}
        lang={locale}
        maxLength={OFFER_TERMS_MAX}
        value={texts.texts[locale].terms}
        onChange={(value) => texts.set(locale, 'terms', value)}
        error={message(`texts.${locale}.terms`, termsLabel)}
      />
    </>
  );
}
