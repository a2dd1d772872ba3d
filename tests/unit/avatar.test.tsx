import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATARS } from '#contract/user';
import { Avatar } from '#ui/avatar';

describe('Avatar', () => {
  it('draws every offered avatar as a picture of its own', () => {
    const drawn = AVATARS.map((id) => {
      const { container } = render(<Avatar id={id} fallback="45" />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('data-avatar')).toBe(id);
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      return svg?.innerHTML;
    });
    expect(new Set(drawn).size).toBe(AVATARS.length);
  });

  it('shows the fallback text without an avatar or with one it does not know', () => {
    for (const id of [null, undefined, 'dragon']) {
      const { container } = render(<Avatar id={id} fallback="45" />);
      expect(container.querySelector('svg')).toBeNull();
      expect(container.textContent).toBe('45');
    }
  });
});
