import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, type RefObject, useState } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { labelledMessage, validationMessage } from '#lib/validation-messages';

type Problem = { code: string; message?: string | undefined };

/**
 * A console form's problems by the whole path the contract and the server name them by
 * (`texts.es-ES.title`, `site`): a form with a field per language cannot key them by the first segment,
 * as the player's forms do (lib/use-field-errors.ts). Each field's `name` is its path; the first field with
 * a problem takes the focus. Kept as codes, so they follow a change of language.
 */
export function usePathProblems(form: RefObject<HTMLFormElement | null>) {
  const { i18n } = useLingui();
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});

  const show = (found: Partial<Record<string, Problem>>) => {
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first)
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  const message = (path: string, label?: string): string | undefined => {
    const problem = problems[path];
    if (!problem) return undefined;
    return label === undefined
      ? validationMessage(i18n, problem.code, problem.message)
      : labelledMessage(i18n, problem.code, label, problem.message);
  };
  const clear = (path: string) =>
    setProblems((prev) => (path in prev ? { ...prev, [path]: undefined } : prev));

  return {
    /** The field's problem; with its label, a generic one names the field ("Title (English) is required"). */
    message,
    clear,
    /**
     * A text field's props by its path: its value, a change that sets it and clears its problem, and the
     * problem (spread on a `TextField`).
     */
    field: (path: string, value: string, set: (value: string) => void) => ({
      name: path,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        set(event.target.value);
        clear(path);
      },
      error: message(path),
    }),
    /** The input parsed by the contract's schema, or null with its problems shown. */
    validate: <S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(input);
      if (parsed.success) {
        setProblems({});
        return parsed.data;
      }
      const found: Partial<Record<string, Problem>> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= { code: issue.message };
      }
      show(found);
      return null;
    },
    /** A refused call: the server's issues under their fields, anything else as a toast. */
    showApiError: (error: unknown) => {
      if (error instanceof ApiError && error.issues.length > 0)
        show(Object.fromEntries(error.issues.map((i) => [i.path, { code: i.code, message: i.message }])));
      else toast.negative(error instanceof Error ? error.message : String(error));
    },
  };
}
