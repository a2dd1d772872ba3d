import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { appCardSchema } from '#contract/appcard';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { type FieldErrors, issueCodes, translateIssues, validationMessage } from '#lib/validation-messages';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { TextField } from '#ui/form-fields';
import { useAppCardMutation } from '../catalogue.mutations';
import { catalogueQueries } from '../catalogue.queries';

/**
 * Catalogue 2 needs the promoter's short-video account card (apply result 0). This dialog shows the
 * card (GET /appcard/view) and saves it (/appcard/edit) with the contract's validation messages.
 */
export function AppCardDialog({
  open,
  viewer,
  onClose,
}: {
  open: boolean;
  viewer: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const card = useQuery({ ...catalogueQueries.appCard(viewer), enabled: open && viewer > 0 });
  const save = useAppCardMutation(viewer);
  const [accountId, setAccountId] = useState('');
  const [nickname, setNickname] = useState('');
  const [followers, setFollowers] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!card.data) return;
    setAccountId(card.data.accountId);
    setNickname(card.data.nickname);
    setFollowers(String(card.data.followers));
  }, [card.data]);

  // The card's three fields, in order (contract/appcard.ts says what each accepts).
  const fields = [
    {
      name: 'accountId',
      label: t`Account id`,
      value: accountId,
      set: setAccountId,
      autoComplete: 'off',
      autoCapitalize: 'none',
      spellCheck: false,
    },
    { name: 'nickname', label: t`Nickname`, value: nickname, set: setNickname, autoComplete: 'off' },
    {
      name: 'followers',
      label: t`Followers`,
      value: followers,
      set: (text: string) => setFollowers(text.replace(/\D/g, '')),
      inputMode: 'numeric',
    },
  ] as const;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = appCardSchema.safeParse({
      accountId,
      nickname,
      followers: followers.trim() === '' ? 0 : Number(followers),
    });
    if (!parsed.success) {
      const codes = issueCodes(parsed.error);
      setErrors(
        Object.fromEntries(
          Object.entries(codes).map(([field, code]) => [field, validationMessage(i18n, code ?? '')]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.positive(t`App card saved. You can claim tasks now.`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0)
          setErrors(translateIssues(i18n, error.issues));
        else toast.negative(error.message);
      },
    });
  };

  return (
    <Dialog
      open={open}
      title={t`Your short-video account`}
      onClose={onClose}
      footer={
        <DialogActions
          actions={[
            { label: t`Cancel`, variant: 'ghost', onClick: onClose },
            { label: t`Save`, variant: 'primary', submits: 'app-card-form', disabled: save.isPending },
          ]}
        />
      }
    >
      <form id="app-card-form" className="form" onSubmit={submit} noValidate>
        <p className="dialog__text">{t`Add the account you promote on, then claim the task again.`}</p>
        {fields.map(({ name, value, set, ...input }) => (
          <TextField
            key={name}
            name={name}
            value={value}
            onChange={(event) => set(event.target.value)}
            error={errors[name]}
            {...input}
          />
        ))}
      </form>
    </Dialog>
  );
}
