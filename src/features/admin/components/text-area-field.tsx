import { useId } from 'react';

/** Several lines of a console form (a notice's text, an item's intro): its limit kept by the browser too. */
export function TextAreaField({
  label,
  name,
  lang,
  value,
  maxLength,
  onChange,
  error,
}: {
  label: string;
  maxLength: number;
  name: string;
  lang: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        lang={lang}
        className="input admin-editor__body"
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
