import { type KeyboardEvent, useRef } from 'react';

export interface TabOption<V extends string | number> {
  value: V;
  label: string;
}

interface TabsProps<V extends string | number> {
  options: readonly TabOption<V>[];
  value: V;
  onChange: (value: V) => void;
  label: string;
  /** The id of the panel the tabs control; each tab gets `${idPrefix}-${value}` as its id. */
  panelId: string;
  idPrefix: string;
  variant?: 'segmented' | 'chips';
}

/** ARIA tabs with a roving tab stop: arrow keys, Home and End move between tabs and select them. */
export function Tabs<V extends string | number>({
  options,
  value,
  onChange,
  label,
  panelId,
  idPrefix,
  variant = 'segmented',
}: TabsProps<V>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = options.findIndex((option) => option.value === value);
  // With no tab selected (a value no tab shows), the first one still takes the tab stop.
  const current = Math.max(0, selectedIndex);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = current === last ? 0 : current + 1;
        break;
      case 'ArrowLeft':
        next = current === 0 ? last : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    refs.current[next]?.focus();
  };

  return (
    <div className={`tabs tabs--${variant}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((option, index) => {
        const selected = index === selectedIndex;
        return (
          <button
            key={option.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            id={`${idPrefix}-${option.value}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={index === current ? 0 : -1}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
