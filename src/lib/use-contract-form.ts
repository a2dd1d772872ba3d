import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { type Issue, useFieldErrors } from './use-field-errors';

/** What a form sends through: a mutation (useMutation's result fits). */
interface Sender<I, R> {
  mutate(input: I, callbacks: { onSuccess: (answer: R) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

export interface ContractFormOptions<V extends Record<string, unknown>, S extends z.ZodMiniType, R> {
  /** Every field with its starting value, in the order a problem is focused. */
  initial: V;
  /** The contract's schema of what is sent: its problems show under their fields. */
  schema: S;
  /**
   * The values as the schema's input (typed text read as numbers, empty as missing), with the problems
   * found another way (an amount's limits and what is available).
   */
  toInput: (values: V) => { input: unknown; issues?: Partial<Record<keyof V & string, Issue>> };
  send: Sender<z.output<S>, R>;
  onSuccess: (answer: R) => void;
  /** A failure this form shows another way (a locked safe): true when it did; the field errors clear. */
  onFailure?: (error: unknown) => boolean;
}

/**
 * A form on its contract schema (the wallet's, a game channel's transfer): the field values, per-field
 * errors (from the schema before sending, from the server's 400 issues after: use-field-errors.ts), and
 * the submit that validates, sends and shows what failed. Fields take `field(name)` (AmountField, SafePasswordField), `input(name)`
 * (TextField) or `select(name)` (SelectField); editing a field clears its error.
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.ZodMiniType, R>(
  options: ContractFormOptions<V, S, R>,
) {
  type F = keyof V & string;
  const ref = useRef<HTMLFormElement>(null);
  const [fields] = useState(() => Object.keys(options.initial) as F[]);
  const [values, setValues] = useState<V>(options.initial);
  const errors = useFieldErrors(fields);

  const set = <K extends F>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    errors.clear(name);
  };

  /** Back to the starting values (after a success, e.g. the amount and the password). */
  const reset = (...names: F[]) =>
    setValues((prev) => {
      const next = { ...prev };
      for (const name of names) next[name] = options.initial[name];
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = options.toInput(values);
    const body = errors.validate(options.schema, input, ref.current, issues);
    if (!body) return;
    options.send.mutate(body, {
      onSuccess: options.onSuccess,
      onError: (error) =>
        options.onFailure?.(error) ? errors.show({}, null) : errors.showApiError(error, ref.current),
    });
  };

  type TextKey = { [K in F]: V[K] extends string ? K : never }[F];
  const text = (name: TextKey): string => values[name] as string;

  return {
    values,
    set,
    reset,
    /** The form element's props. */
    props: { ref, noValidate: true, onSubmit: submit },
    pending: options.send.isPending,
    message: errors.message,
    /** Props of a field that reports its value (AmountField, SafePasswordField). */
    field: (name: TextKey) => ({
      name,
      value: text(name),
      onValue: (value: string) => set(name, value as V[TextKey]),
      error: errors.message(name),
    }),
    /** Props of a text input; `read` turns what is typed into the value (e.g. without spaces). */
    input: (name: TextKey, read: (typed: string) => string = (typed) => typed) => ({
      name,
      value: text(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, read(event.target.value) as V[TextKey]),
      error: errors.message(name),
    }),
    /** Props of a SelectField. */
    select: (name: TextKey) => ({
      name,
      value: text(name),
      onChange: (value: string) => set(name, value as V[TextKey]),
      error: errors.message(name),
    }),
  };
}

export type ContractForm = ReturnType<typeof useContractForm>;
