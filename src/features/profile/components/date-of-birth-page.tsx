import { useLingui } from '@lingui/react/macro';
import { setDateOfBirthRequestSchema } from '#contract/profile';
import type { UserInfo } from '#contract/user';
import { ApiError } from '#lib/api-client';
import { queryClient } from '#lib/query-client';
import { USER_QUERY_KEY } from '#lib/session';
import { toast } from '#lib/toast';
import { useContractForm } from '#lib/use-contract-form';
import { TextField } from '#ui/form-fields';
import { Page } from '#ui/page';
import { useSetDateOfBirthMutation } from '../profile.mutations';
import './profile.css';

/**
 * The player's date of birth, told once (decision 0053): the VIP birthday bonus is paid on it, so it is said
 * before they save that it cannot be changed here; once told it is shown, with who can correct it.
 */
export function DateOfBirthPage({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const save = useSetDateOfBirthMutation();
  const form = useContractForm({
    initial: { dateOfBirth: '' },
    schema: setDateOfBirthRequestSchema,
    toInput: (values) => ({ input: { dateOfBirth: values.dateOfBirth || undefined } }),
    send: save,
    onSuccess: () => toast.positive(t`Date of birth saved`),
    // Told already (on another device, or before a reload that came before this copy was saved): the message
    // shows under the field, and the user is read again, so the page shows the date told.
    onFailure: (error) => {
      if (error instanceof ApiError && error.issues.some((issue) => issue.code === 'date_of_birth_set'))
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return false;
    },
  });
  const told = user.dateOfBirth ?? null;

  return (
    <Page title={t`Date of birth`}>
      {told ? (
        <div className="form">
          <p className="date-of-birth__told">
            {i18n.date(`${told}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' })}
          </p>
          <p className="field__hint">{t`Your date of birth is set. Customer service can correct a mistake.`}</p>
        </div>
      ) : (
        <form className="form" {...form.props}>
          <TextField
            type="date"
            label={t`Date of birth`}
            max={new Date().toISOString().slice(0, 10)}
            min="1900-01-01"
            autoComplete="bday"
            hint={t`You can set it once. At VIP levels with a birthday bonus, it is paid on your birthday.`}
            {...form.input('dateOfBirth')}
          />
          <button type="submit" className="button button--primary button--block" disabled={form.pending}>
            {t`Save date of birth`}
          </button>
        </form>
      )}
    </Page>
  );
}
