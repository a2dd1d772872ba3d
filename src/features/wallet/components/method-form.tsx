import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { type Bank, type BankCountry, bankCountryFor, findBank } from '#contract/banks';
import {
  bankCardInputSchemaFor,
  eWalletInputSchema,
  WALLET_TYPES,
  type WithdrawMethod,
} from '#contract/wallet';
import { useSessionUser } from '#lib/session';
import { siteStore } from '#lib/site';
import { useStore } from '#lib/store';
import { toast } from '#lib/toast';
import { useContractForm } from '#lib/use-contract-form';
import { SelectField, TextField } from '#ui/form-fields';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useSaveMethodMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { SubmitButton } from './wallet-bits';

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
    <Page title={title} bodyClassName="wallet-page">
      {existing.loading ? (
        <SkeletonRows count={3} label={t`Loading`} />
      ) : existing.missing ? (
        <p className="wallet-negative">{t`No such withdrawal method`}</p>
      ) : kind === 'bank' ? (
        <BankCardForm id={id} existing={found?.kind === 'bank' ? found : undefined} />
      ) : (
        <EWalletForm id={id} existing={found?.kind === 'ewallet' ? found : undefined} />
      )}
    </Page>
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

function BankCardForm({
  id,
  existing,
}: {
  id: number | undefined;
  existing: Extract<WithdrawMethod, { kind: 'bank' }> | undefined;
}) {
  const { t } = useLingui();
  const country = useBankCountry();
  const form = useContractForm({
    initial: {
      holderName: existing?.holderName ?? '',
      // A saved bank of another country (the user's country changed) is not offered: another must be chosen.
      bank: existing && country.banks.some((b) => b.code === existing.bank) ? existing.bank : '',
      cardNumber: '',
      ifsc: existing?.ifsc ?? '',
      phone: existing?.phone ?? '',
    },
    schema: bankCardInputSchemaFor(country),
    toInput: ({ ifsc, bank, ...values }) => ({
      input: { id, kind: 'bank', ...values, bank: bank || undefined, ...(country.ifsc ? { ifsc } : {}) },
    }),
    send: useSaveMethodMutation(),
    onSuccess: useAfterSave(),
  });
  const digitsHint = useDigitsHint(findBank(form.values.bank)?.bank);
  const editHint = existing
    ? t`Enter the full account number again (${existing.cardNumberMasked})`
    : undefined;

  return (
    <form {...form.props} className="form card">
      <TextField label={t`Cardholder name`} autoComplete="cc-name" {...form.input('holderName')} />
      <SelectField
        label={t`Bank`}
        {...form.select('bank')}
        options={[
          { value: '', label: t`Select a bank` },
          ...country.banks.map((b) => ({ value: b.code, label: b.name })),
        ]}
      />
      <TextField
        label={t`Account number`}
        inputMode="numeric"
        autoComplete="off"
        {...form.input('cardNumber', (typed) => typed.replace(/\s/g, ''))}
        hint={[digitsHint, editHint].filter(Boolean).join(' ') || undefined}
      />
      {country.ifsc ? (
        <TextField
          label={t`IFSC code`}
          autoCapitalize="characters"
          autoComplete="off"
          {...form.input('ifsc', (typed) => typed.toUpperCase())}
        />
      ) : null}
      <TextField
        label={t`Phone number`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...form.input('phone')}
      />
      <SubmitButton pending={form.pending}>{t`Save`}</SubmitButton>
    </form>
  );
}

function EWalletForm({
  id,
  existing,
}: {
  id: number | undefined;
  existing: Extract<WithdrawMethod, { kind: 'ewallet' }> | undefined;
}) {
  const { t } = useLingui();
  const form = useContractForm({
    initial: { walletType: existing?.walletType ?? '', account: '', holderName: existing?.holderName ?? '' },
    schema: eWalletInputSchema,
    toInput: ({ walletType, ...values }) => ({
      input: { id, kind: 'ewallet', walletType: walletType || undefined, ...values },
    }),
    send: useSaveMethodMutation(),
    onSuccess: useAfterSave(),
  });

  return (
    <form {...form.props} className="form card">
      <SelectField
        label={t`E-wallet`}
        {...form.select('walletType')}
        options={[
          { value: '', label: t`Select an e-wallet` },
          ...WALLET_TYPES.map((w) => ({ value: w, label: w })),
        ]}
      />
      <TextField
        label={t`E-wallet account`}
        autoComplete="off"
        {...form.input('account')}
        hint={existing ? t`Enter the full account again (${existing.accountMasked})` : undefined}
      />
      <TextField label={t`Account holder name`} autoComplete="name" {...form.input('holderName')} />
      <SubmitButton pending={form.pending}>{t`Save`}</SubmitButton>
    </form>
  );
}
