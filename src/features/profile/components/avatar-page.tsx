import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { AVATARS, type AvatarId, type UserInfo } from '#contract/user';
import { toast } from '#lib/toast';
import { Avatar } from '#ui/avatar';
import { Page } from '#ui/page';
import { useSetAvatarMutation } from '../profile.mutations';
import './profile.css';

/** Avatar selection: the project's own pictures as a radio group, saved on the user. */
export function AvatarPage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const current = AVATARS.find((a) => a === user.avatar);
  const [chosen, setChosen] = useState<AvatarId | undefined>(current);
  const save = useSetAvatarMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    save.mutate(chosen, { onSuccess: () => toast.positive(t`Avatar saved`) });
  };

  return (
    <Page title={t`Choose an avatar`}>
      <form className="form" onSubmit={onSubmit}>
        <fieldset className="avatar-grid">
          <legend className="visually-hidden">{t`Avatars`}</legend>
          {AVATARS.map((id, index) => (
            <label key={id} className="avatar-grid__option">
              <input
                className="avatar-grid__input"
                type="radio"
                name="avatar"
                value={id}
                checked={chosen === id}
                onChange={() => setChosen(id)}
                aria-label={t`Avatar ${index + 1}`}
              />
              <Avatar id={id} fallback="" size={60} />
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!chosen || chosen === current || save.isPending}
        >
          {t`Save avatar`}
        </button>
      </form>
    </Page>
  );
}
