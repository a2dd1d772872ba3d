import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { appCardSchema } from '../../../contract/appcard';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  type FieldErrors,
  issueCodes,
  translateIssues,
  validationMessage,
} from '../../../lib/validation-messages';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/form-fields';
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
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form="app-card-form"
            className="button button--primary"
            disabled={save.isPending}
          >
            {t`Save`}
          </button>
        </div>
      }
    >
      <form id="app-card-form" className="form" onSubmit={submit} noValidate>
        <p className="dialog__text">{t`Add the account you promote on, then claim the task again.`}</p>
        <TextField
          label={t`Account id`}
          name="accountId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={accountId}
          onChange={(event) => setAccountId(event.target.value)}
          error={errors.accountId}
        />
        <TextField
          label={t`Nickname`}
          name="nickname"
          autoComplete="off"
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          error={errors.nickname}
        />
        <TextField
          label={t`Followers`}
          name="followers"
          inputMode="numeric"
          value={followers}
          onChange={(event) => setFollowers(event.target.value.replace(/\D/g, ''))}
          error={errors.followers}
        />
      </form>
    </Dialog>
  );
}
