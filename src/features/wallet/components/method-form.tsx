import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import {
  BANKS,
  bankCardInputSchema,
  eWalletInputSchema,
  WALLET_TYPES,
  type WithdrawMethod,
} from '../../../contract/wallet';
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

const BANK_FIELDS = ['holderName', 'bank', 'cardNumber', 'ifsc', 'phone'] as const;

/** /AddCard/{id?}: cardholder name, bank, card number, IFSC code, 10-digit phone (spec section 5). */
export function BankCardPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const existing = useExisting(id, 'bank');
  const title = id === undefined ? t`Add bank card` : t`Edit bank card`;
  return (
    <div className="page page--standalone">
      <PageHeader title={title} />
      <main className="page__body wallet-page" id="main">
        {existing.loading ? (
          <SkeletonRows count={3} label={t`Loading`} />
        ) : existing.missing ? (
          <p className="wallet-negative">{t`No such withdrawal method`}</p>
        ) : (
          <BankCardForm id={id} existing={existing.found?.kind === 'bank' ? existing.found : undefined} />
        )}
      </main>
    </div>
  );
}

function BankCardForm({
  id,
  existing,
}: {
  id: number | undefined;
  existing: Extract<WithdrawMethod, { kind: 'bank' }> | undefined;
}) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [holderName, setHolderName] = useState(existing?.holderName ?? '');
  const [bank, setBank] = useState(existing?.bank ?? '');
  const [cardNumber, setCardNumber] = useState('');
  const [ifsc, setIfsc] = useState(existing?.ifsc ?? '');
  const [phone, setPhone] = useState(existing?.phone ?? '');
  const errors = useFieldErrors(BANK_FIELDS);
  const save = useSaveMethodMutation();
  const done = useAfterSave();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(
      bankCardInputSchema,
      { id, kind: 'bank', holderName, bank: bank || undefined, cardNumber, ifsc, phone },
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
        options={[{ value: '', label: t`Select a bank` }, ...BANKS.map((b) => ({ value: b, label: b }))]}
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
        hint={existing ? t`Enter the full card number again (${existing.cardNumberMasked})` : undefined}
      />
      <TextField
        label={t`IFSC code`}
        name="ifsc"
        autoCapitalize="characters"
        autoComplete="off"
        value={ifsc}
        onChange={(e) => set('ifsc', setIfsc)(e.target.value.toUpperCase())}
        error={errors.message('ifsc')}
      />
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

/** /AddZhiFuBao/{id?}: an e-wallet (wallet type, account, holder name). */
export function EWalletPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const existing = useExisting(id, 'ewallet');
  const title = id === undefined ? t`Add e-wallet` : t`Edit e-wallet`;
  return (
    <div className="page page--standalone">
      <PageHeader title={title} />
      <main className="page__body wallet-page" id="main">
        {existing.loading ? (
          <SkeletonRows count={3} label={t`Loading`} />
        ) : existing.missing ? (
          <p className="wallet-negative">{t`No such withdrawal method`}</p>
        ) : (
          <EWalletForm id={id} existing={existing.found?.kind === 'ewallet' ? existing.found : undefined} />
        )}
      </main>
    </div>
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
