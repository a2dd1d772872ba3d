import { type ReactNode, useId } from 'react';

/** A console checkbox (or radio) with its label after it. */
export function CheckField({
  label,
  checked,
  onChange,
  name,
  value,
  type = 'checkbox',
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  value?: string;
  type?: 'checkbox' | 'radio';
}) {
  const id = useId();
  return (
    <div className="admin-editor__check">
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A fieldset of choices under its legend: checkboxes (any ticked) or radios (one chosen). */
export function CheckGroup<T extends string | number>({
  legend,
  name,
  choices,
  labelOf,
  isChecked,
  onChange,
  type,
}: {
  legend: ReactNode;
  name: string;
  choices: readonly T[];
  labelOf: (choice: T) => ReactNode;
  isChecked: (choice: T) => boolean;
  onChange: (choice: T, checked: boolean) => void;
  type?: 'checkbox' | 'radio';
}) {
  return (
    <fieldset className="admin-editor__checks">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <CheckField
          key={choice}
          type={type}
          name={name}
          value={type === 'radio' ? String(choice) : undefined}
          label={labelOf(choice)}
          checked={isChecked(choice)}
          onChange={(checked) => onChange(choice, checked)}
        />
      ))}
    </fieldset>
  );
}
