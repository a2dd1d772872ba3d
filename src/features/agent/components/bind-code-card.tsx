import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { bindRequestSchema } from '#contract/agent';
import { toast } from '#lib/toast';
import { useFieldErrors } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import { useBindMutation } from '../agent.mutations';
import { agentQueries } from '../agent.queries';
import './agent.css';

const FIELDS = ['inviteCode'] as const;

/**
 * Binding an invite code after registration (spec section 5: once only, "already bound the code"): the
 * code the user is bound to, or a form to bind one; it counts from the next business day.
 */
export function BindCodeCard() {
  const { t, i18n } = useLingui();
  const detail = useQuery(agentQueries.detail(i18n.locale));
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const errors = useFieldErrors(FIELDS);
  const bind = useBindMutation();
  const bound = detail.data?.boundTo;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(bindRequestSchema, { inviteCode: code.trim() }, form.current);
    if (!body) return;
    bind.mutate(body.inviteCode, {
      onSuccess: (answer) => {
        const bindCode = answer.boundTo.inviteCode;
        toast.positive(t`Bound to the invite code ${bindCode}`);
        setCode('');
      },
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  return (
    <section className="card agent-card" aria-labelledby="bind-code-title" data-testid="bind-code">
      <h2 className="agent-card__title" id="bind-code-title">
        {t`Invite code`}
      </h2>
      {!detail.data ? null : bound ? (
        <p data-testid="bound-to">
          {t`Bound to the invite code`} <strong className="tabular">{bound.inviteCode}</strong>
        </p>
      ) : (
        <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-label={t`Bind an invite code`}>
          <p className="agent-muted">
            {t`Enter the invite code of the agent who invited you. A code can be bound once; it counts from the next day.`}
          </p>
          <TextField
            label={t`Invite code`}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={16}
            {...errors.input('inviteCode', code, setCode)}
          />
          <button type="submit" className="button button--primary button--block" disabled={bind.isPending}>
            {t`Bind`}
          </button>
        </form>
      )}
    </section>
  );
}
