import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ChannelRatio, RatioView } from '#contract/agent';
import { ApiError } from '#lib/api-client';
import { formatDay } from '#lib/days';
import { percentFieldText } from '#lib/format';
import { toast } from '#lib/toast';
import { validationMessage } from '#lib/validation-messages';
import { ConfirmDialog } from '#ui/confirm-dialog';
import { TextField } from '#ui/form-fields';
import { useSetRatioMutation } from '../agent.mutations';
import { formatRatio, parseRatio, type RatioIssue } from '../agent-values';

type Problem = { code: RatioIssue | string; message?: string | undefined };

/**
 * The ratios of what the server answered for a failed change: issues about one ratio (`ratios.<i>...`)
 * under that channel's field, anything else (the whole change refused) above the fields.
 */
export function ratioProblems(
  error: unknown,
  channels: readonly string[],
): { fields: Record<string, Problem>; general: Problem | null } {
  const fields: Record<string, Problem> = {};
  if (!(error instanceof ApiError)) return { fields, general: null };
  let general: Problem | null = null;
  for (const issue of error.issues) {
    const match = /^ratios\.(\d+)/.exec(issue.path);
    const channel = match ? channels[Number(match[1])] : undefined;
    if (channel && !fields[channel]) fields[channel] = { code: issue.code, message: issue.message };
    else general ??= { code: issue.code, message: issue.message };
  }
  if (error.issues.length === 0) general = { code: error.code ?? '', message: error.message };
  return { fields, general };
}

/**
 * Sets a direct member's ratio per channel, each at most the agent's own (checked here, and by the server
 * with the member's own members' ratios as the floor). The change applies from the next business day.
 */
export function SetRatioDialog({
  member,
  own,
  onClose,
}: {
  member: { uid: number; ratios: readonly RatioView[] };
  /** The agent's own ratios: the ceiling per channel. */
  own: readonly RatioView[] | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const uid = member.uid;
  const channels = member.ratios.map((r) => r.channel);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      member.ratios.map((r) => [r.channel, percentFieldText(r.next?.rate ?? r.rate, i18n.locale)]),
    ),
  );
  const [problems, setProblems] = useState<{ fields: Record<string, Problem>; general: Problem | null }>({
    fields: {},
    general: null,
  });
  const setRatio = useSetRatioMutation();
  const ceiling = (channel: string) => own?.find((r) => r.channel === channel);
  const text = (problem: Problem) => validationMessage(i18n, problem.code, problem.message);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, Problem> = {};
    const ratios: ChannelRatio[] = [];
    for (const channel of channels) {
      // The ceiling is the agent's latest ratio: a waiting change of their own counts from the same day.
      const mine = ceiling(channel);
      const read = parseRatio(values[channel] ?? '', mine ? (mine.next?.rate ?? mine.rate) : undefined);
      if ('issue' in read) fields[channel] = { code: read.issue };
      else ratios.push({ channel, rate: read.rate });
    }
    setProblems({ fields, general: null });
    const first = channels.find((c) => fields[c]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setRatio.mutate(
      { memberUid: member.uid, ratios },
      {
        onSuccess: (answer) => {
          const next = answer.ratios.find((r) => r.next)?.next?.from;
          const from = next ? formatDay(next, i18n.locale) : null;
          toast.positive(
            from
              ? t`Saved. The new ratio applies from ${from}.`
              : t`Saved. The new ratio applies from tomorrow.`,
          );
          onClose();
        },
        onError: (error) => setProblems(ratioProblems(error, channels)),
      },
    );
  };

  return (
    <ConfirmDialog
      title={t`Set the ratio of UID ${uid}`}
      onClose={onClose}
      action={{ label: t`Save`, variant: 'primary', submits: formId, disabled: setRatio.isPending }}
    >
      <form ref={formRef} id={formId} className="form" noValidate onSubmit={onSubmit}>
        <p className="dialog__text">
          {t`The change applies from the next business day; today's bets keep today's ratio.`}
        </p>
        {problems.general ? (
          <p className="agent-negative" role="alert">
            {text(problems.general)}
          </p>
        ) : null}
        {member.ratios.map((ratio) => {
          const mine = ceiling(ratio.channel);
          const max = mine ? formatRatio(mine.next?.rate ?? mine.rate, i18n.locale) : null;
          const problem = problems.fields[ratio.channel];
          const channelName = ratio.name;
          return (
            <TextField
              key={ratio.channel}
              label={t`${channelName} (%)`}
              name={ratio.channel}
              inputMode="decimal"
              autoComplete="off"
              value={values[ratio.channel] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setValues((prev) => ({ ...prev, [ratio.channel]: value }));
                setProblems((prev) => {
                  const fields = { ...prev.fields };
                  delete fields[ratio.channel];
                  return { fields, general: null };
                });
              }}
              hint={max ? t`At most your own: ${max}` : undefined}
              error={problem ? text(problem) : undefined}
            />
          );
        })}
      </form>
    </ConfirmDialog>
  );
}
