import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DayRangeFields } from '#ui/day-range-fields';
import { renderInRouter } from './render';

describe('DayRangeFields', () => {
  it('names each day by its label and keeps each bound within the other', async () => {
    const onSearch = vi.fn();
    await renderInRouter(() => (
      <DayRangeFields
        className="filter"
        search={{ type: 'all', from: '2026-11-02', to: '2026-11-09' }}
        onSearch={onSearch}
      />
    ));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(from.max).toBe('2026-11-09');
    expect(to.min).toBe('2026-11-02');
    expect(from.closest('div')?.className).toBe('filter');
    expect(from.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(to, { target: { value: '' } });
    expect(onSearch).toHaveBeenCalledWith({ type: 'all', from: '2026-11-02', to: undefined });
  });

  it('says a bound’s problem under its field, tied to the input', async () => {
    await renderInRouter(() => (
      <DayRangeFields
        className="field"
        search={{ from: '2026-11-09', to: '2026-11-02' }}
        onSearch={() => undefined}
        errors={{ to: 'The range is not valid' }}
      />
    ));
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(to.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('The range is not valid');
    expect(to.closest('div')?.className).toBe('field field--invalid');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('From').closest('div')?.className).toBe('field');
  });
});
