/** Radio buttons in a fieldset with its legend: one choice of a few, each a 44 px target. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="protection-choice">
      <legend className="protection-choice__legend">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="protection-choice__option">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
