import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { type Bank, type BankCountry, bankCountryFor, findBank } from '../../../contract/banks';
import {
  bankCardInputSchemaFor,
  eWalletInputSchema,
  WALLET_TYPES,
  type WithdrawMethod,
} from '../../../contract/wallet';
import { useSessionUser } from '../../../lib/session';
import { siteStore } from '../../../lib/site';
import { useStore } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { SelectField, TextField } from '../../../ui/form-fields';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonRows } from '../../../ui/skeleton';
import { useSaveMethodMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';

function useExisting(id: number | undefined, kind: WithdrawMethod['kind']) {
  const methods = useQuery({ ...walletQueries.methods(), enabled: id !== undefined });
  const found = id === undefined ? undefined : methods.data?.find((m) => m.id === id && m.kind === kind);
  return {
    loading: id !== undefined && methods.isPending,
    found,
    missing: id !== undefined && !methods.isPending && !found,
  };
}

function useAfterSave() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const { t } = useLingui();
  return () => {
    toast.positive(t`Saved`);
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/Cards', replace: true });
  };
}

type MethodKind = WithdrawMethod['kind'];

/**
 * /AddCard/{id?} (kind bank) and /AddZhiFuBao/{id?} (kind ewallet): add a withdrawal method, or edit the
 * one with this id. Bank: cardholder name, bank, card number, IFSC code where the country has it, 10-digit
 * phone (spec section 5). E-wallet: wallet type, account, holder name.
 */
export function MethodPage({ kind, id }: { kind: MethodKind; id: number | undefined }) {
  const { t } = useLingui();
  const existing = useExisting(id, kind);
  const found = existing.found;
  const title =
    kind === 'bank'
      ? id === undefined
        ? t`Add bank card`
        : t`Edit bank card`
      : id === undefined
        ? t`Add e-wallet`
        : t`Edit e-wallet`;
  return (
    <div className="page page--standalone">
      <PageHeader title={title} />
      <main className="page__body wallet-page" id="main">
        {existing.loading ? (
          <SkeletonRows count={3} label={t`Loading`} />
        ) : existing.missing ? (
          <p className="wallet-negative">{t`No such withdrawal method`}</p>
        ) : kind === 'bank' ? (
          <BankCardForm id={id} existing={found?.kind === 'bank' ? found : undefined} />
        ) : (
          <EWalletForm id={id} existing={found?.kind === 'ewallet' ? found : undefined} />
        )}
      </main>
    </div>
  );
}

/** Whose banks the user adds: the account's area code (username "63+917..."), else the site's country. */
function useBankCountry(): BankCountry {
  const user = useSessionUser();
  const site = useStore(siteStore);
  return bankCountryFor(user?.username.split('+')[0], site?.country);
}

/** "BDO Unibank account number: 10 or 12 digits", so the user types that number, not the ATM card's. */
function useDigitsHint(bank: Bank | undefined): string | undefined {
  const { t, i18n } = useLingui();
  if (!bank) return undefined;
  const name = bank.name;
  const digits = bank.digits;
  if ('min' in digits) {
    const { min, max } = digits;
    return t`${name} account number: ${min} to ${max} digits`;
  }
  const lengths = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(
    digits.lengths.map(String),
  );
  return t`${name} account number: ${lengths} digits`;
}

const BANK_FIELDS = ['holderName', 'bank', 'cardNumber', 'ifsc', 'phone'] as const;

function BankCardForm({
  id,
  existing,
}: {
  id: number | undefined;
  existing: Extract<WithdrawMethod, { kind: 'bank' }> | undefined;
}) {
  const { t } = useLingui();
  const country = useBankCountry();
  const form = useRef<HTMLFormElement>(null);
  const [holderName, setHolderName] = useState(existing?.holderName ?? '');
  // A saved bank of another country (the user's country changed) is not offered: another must be chosen.
  const [bank, setBank] = useState(
    existing && country.banks.some((b) => b.code === existing.bank) ? existing.bank : '',
  );
  const [cardNumber, setCardNumber] = useState('');
  const [ifsc, setIfsc] = useState(existing?.ifsc ?? '');
  const [phone, setPhone] = useState(existing?.phone ?? '');
  const errors = useFieldErrors(BANK_FIELDS);
  const save = useSaveMethodMutation();
  const done = useAfterSave();
  const digitsHint = useDigitsHint(findBank(bank)?.bank);
  const editHint = existing ? t`Enter the full card number again (${existing.cardNumberMasked})` : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(
      bankCardInputSchemaFor(country),
      {
        id,
        kind: 'bank',
        holderName,
        bank: bank || undefined,
        cardNumber,
        ...(country.ifsc ? { ifsc } : {}),
        phone,
      },
      form.current,
    );
    if (!body) return;
    save.mutate(body, { onSuccess: done, onError: (error) => errors.showApiError(error, form.current) });
  };
  const set = (field: (typeof BANK_FIELDS)[number], setter: (v: string) => void) => (value: string) => {
    setter(value);
    errors.clear(field);
  };

  return (
    <form ref={form} className="form wallet-card" noValidate onSubmit={onSubmit}>
      <TextField
        label={t`Cardholder name`}
        name="holderName"
        autoComplete="cc-name"
        value={holderName}
        onChange={(e) => set('holderName', setHolderName)(e.target.value)}
        error={errors.message('holderName')}
      />
      <SelectField
        label={t`Bank`}
        name="bank"
        value={bank}
        onChange={set('bank', setBank)}
        options={[
          { value: '', label: t`Select a bank` },
          ...country.banks.map((b) => ({ value: b.code, label: b.name })),
        ]}
        error={errors.message('bank')}
      />
      <TextField
        label={t`Card number`}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="off"
        value={cardNumber}
        onChange={(e) => set('cardNumber', setCardNumber)(e.target.value.replace(/\s/g, ''))}
        error={errors.message('cardNumber')}
        hint={[digitsHint, editHint].filter(Boolean).join(' ') || undefined}
      />
      {country.ifsc ? (
        <TextField
          label={t`IFSC code`}
          name="ifsc"
          autoCapitalize="characters"
          autoComplete="off"
          value={ifsc}
          onChange={(e) => set('ifsc', setIfsc)(e.target.value.toUpperCase())}
          error={errors.message('ifsc')}
        />
      ) : null}
      <TextField
        label={t`Phone number`}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => set('phone', setPhone)(e.target.value)}
        error={errors.message('phone')}
      />
      <button type="submit" className="button button--primary button--block" disabled={save.isPending}>
        {t`Save`}
      </button>
    </form>
  );
}

const WALLET_FIELDS = ['walletType', 'account', 'holderName'] as const;

function EWalletForm({
  id,
  existing,
}: {
  id: number | undefined;
  existing: Extract<WithdrawMethod, { kind: 'ewallet' }> | undefined;
}) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [walletType, setWalletType] = useState(existing?.walletType ?? '');
  const [account, setAccount] = useState('');
  const [holderName, setHolderName] = useState(existing?.holderName ?? '');
  const errors = useFieldErrors(WALLET_FIELDS);
  const save = useSaveMethodMutation();
  const done = useAfterSave();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(
      eWalletInputSchema,
      { id, kind: 'ewallet', walletType: walletType || undefined, account, holderName },
      form.current,
    );
    if (!body) return;
    save.mutate(body, { onSuccess: done, onError: (error) => errors.showApiError(error, form.current) });
  };

  return (
    <form ref={form} className="form wallet-card" noValidate onSubmit={onSubmit}>
      <SelectField
        label={t`E-wallet`}
        name="walletType"
        value={walletType}
        onChange={(value) => {
          setWalletType(value);
          errors.clear('walletType');
        }}
        options={[
          { value: '', label: t`Select an e-wallet` },
          ...WALLET_TYPES.map((w) => ({ value: w, label: w })),
        ]}
        error={errors.message('walletType')}
      />
      <TextField
        label={t`E-wallet account`}
        name="account"
        autoComplete="off"
        value={account}
        onChange={(e) => {
          setAccount(e.target.value);
          errors.clear('account');
        }}
        error={errors.message('account')}
        hint={existing ? t`Enter the full account again (${existing.accountMasked})` : undefined}
      />
      <TextField
        label={t`Account holder name`}
        name="holderName"
        autoComplete="name"
        value={holderName}
        onChange={(e) => {
          setHolderName(e.target.value);
          errors.clear('holderName');
        }}
        error={errors.message('holderName')}
      />
      <button type="submit" className="button button--primary button--block" disabled={save.isPending}>
        {t`Save`}
      </button>
    </form>
  );
}
