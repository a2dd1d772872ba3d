import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useCallback, useState } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from './api-client';
import { formatMoney } from './money';
import { toast } from './toast';
import { issueCodes, validationMessage } from './validation-messages';

/** What a text input takes to show a field of a form (TextField, PasswordField). */
export interface TextInputProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/** A field problem as a code (translated when shown, so it follows a change of language). */
export type Issue = { code: string; message?: string | undefined; limit?: number | undefined };

/**
 * Field errors of a form, kept as codes so they re-translate when the language changes. Client-side
 * problems come from the contract schema (and rules checked another way, e.g. an amount's limits),
 * server-side ones from the issues of a 400 answer; anything not about a field is a negative toast.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const { i18n, t } = useLingui();
  const [issues, setIssues] = useState<Partial<Record<F, Issue>>>({});

  const text = (issue: Issue): string => {
    if (issue.code === 'amount_below_limit' && issue.limit !== undefined) {
      const limit = formatMoney(issue.limit);
      return t`Please enter a correct amount: at least ${limit}`;
    }
    if (issue.code === 'amount_above_limit' && issue.limit !== undefined) {
      const limit = formatMoney(issue.limit);
      return t`Please enter a correct amount: at most ${limit}`;
    }
    if (issue.code === 'transfer_below_limit' && issue.limit !== undefined) {
      const limit = formatMoney(issue.limit);
      return t`The minimum transfer is ${limit}`;
    }
    return validationMessage(i18n, issue.code, issue.message);
  };

  const message = (field: F): string | undefined => {
    const issue = issues[field];
    return issue ? text(issue) : undefined;
  };

  const clear = useCallback((field: F) => {
    setIssues((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const focusFirst = (found: Partial<Record<F, Issue>>, form: HTMLFormElement | null) => {
    const first = fields.find((field) => field in found);
    if (!first || !form) return;
    requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  /** Shows these problems (replacing the old ones); true when there are none. */
  const show = (found: Partial<Record<F, Issue>>, form: HTMLFormElement | null): boolean => {
    setIssues(found);
    focusFirst(found, form);
    return Object.keys(found).length === 0;
  };

  /** Parses with a contract schema; merges `extra` problems found another way (e.g. the amount). */
  const validate = <S extends z.ZodMiniType>(
    schema: S,
    values: unknown,
    form: HTMLFormElement | null,
    extra: Partial<Record<F, Issue>> = {},
  ): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    const found: Partial<Record<F, Issue>> = {};
    if (!parsed.success) {
      for (const [field, code] of Object.entries(issueCodes(parsed.error))) {
        if (code && (fields as readonly string[]).includes(field)) found[field as F] = { code };
      }
    }
    for (const [field, issue] of Object.entries(extra) as [F, Issue | undefined][]) {
      if (issue) found[field] = issue;
    }
    if (!show(found, form) || !parsed.success) return null;
    return parsed.data;
  };

  /** Shows a failed call: issues of known fields under them, anything else as a negative toast. */
  const showApiError = (error: unknown, form: HTMLFormElement | null) => {
    if (error instanceof ApiError && error.issues.length > 0) {
      const found: Partial<Record<F, Issue>> = {};
      const unplaced: string[] = [];
      for (const issue of error.issues) {
        const field = issue.path.split('.')[0] as F;
        if ((fields as readonly string[]).includes(field)) {
          if (!found[field]) found[field] = { code: issue.code, message: issue.message };
        } else {
          unplaced.push(validationMessage(i18n, issue.code, issue.message));
        }
      }
      show(found, form);
      if (unplaced.length > 0) toast.negative(unplaced.join(' '));
      return;
    }
    toast.negative(error instanceof Error ? error.message : String(error));
  };

  /** Props of a text input whose value the form keeps itself: typing sets it and clears its error. */
  const input = (field: F, value: string, onValue: (value: string) => void): TextInputProps => ({
    name: field,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onValue(event.target.value);
      clear(field);
    },
    error: message(field),
  });

  return { message, clear, input, validate, showApiError, show };
}

/** The field errors of a form with (at least) the fields F, for pieces of a form that take them. */
export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;
