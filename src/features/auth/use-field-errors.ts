import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { issueCodes, validationMessage } from '../../lib/validation-messages';

type Issue = { code: string; message?: string | undefined };

/**
 * Field errors of a form, kept as codes so they re-translate when the language changes. Client-side
 * problems come from the contract schema, server-side ones from the issues of a 400 answer.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const { i18n } = useLingui();
  const [issues, setIssues] = useState<Partial<Record<F, Issue>>>({});

  const message = (field: F): string | undefined => {
    const issue = issues[field];
    return issue ? validationMessage(i18n, issue.code, issue.message) : undefined;
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

  /** Parses the values with the contract schema; shows its issues and answers null when invalid. */
  const validate = <S extends z.ZodType>(
    schema: S,
    values: unknown,
    form: HTMLFormElement | null,
  ): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setIssues({});
      return parsed.data;
    }
    const found: Partial<Record<F, Issue>> = {};
    for (const [field, code] of Object.entries(issueCodes(parsed.error))) {
      if (code && (fields as readonly string[]).includes(field)) found[field as F] = { code };
    }
    setIssues(found);
    focusFirst(found, form);
    return null;
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
      setIssues(found);
      focusFirst(found, form);
      if (unplaced.length > 0) toast.negative(unplaced.join(' '));
      return;
    }
    toast.negative(error instanceof Error ? error.message : String(error));
  };

  return { message, clear, validate, showApiError };
}
