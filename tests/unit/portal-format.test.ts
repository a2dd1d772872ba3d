import { describe, expect, it } from 'vitest';
import { absoluteLink, formatRate } from '#lib/format';

describe('formatRate (spec section 2: newcps x 100, 2 decimals, a dash below 0.01)', () => {
  it('shows the percentage with two decimals', () => {
    expect(formatRate(0.35)).toBe('35.00%');
    expect(formatRate(0.1234)).toBe('12.34%');
    expect(formatRate(1)).toBe('100.00%');
    expect(formatRate(0.01)).toBe('1.00%');
  });
  it('does not lose a hundredth to binary fractions', () => {
    expect(formatRate(0.0115)).toBe('1.15%');
    expect(formatRate(0.0129)).toBe('1.29%');
    expect(formatRate(0.5555)).toBe('55.55%');
  });
  it('rounds beyond the second decimal to nearest', () => {
    expect(formatRate(0.123456)).toBe('12.35%');
    expect(formatRate(0.123449)).toBe('12.34%');
  });
  it('shows a dash below 0.01, for zero, negatives and non-numbers', () => {
    expect(formatRate(0.0099)).toBe('-');
    expect(formatRate(0)).toBe('-');
    expect(formatRate(-0.5)).toBe('-');
    expect(formatRate(Number.NaN)).toBe('-');
  });
});

describe('absoluteLink', () => {
  it('prefixes a same-origin path with the origin', () => {
    expect(absoluteLink('/s/abc', 'https://beacon.example')).toBe('https://beacon.example/s/abc');
    expect(absoluteLink('s/abc', 'https://beacon.example')).toBe('https://beacon.example/s/abc');
  });
  it('keeps absolute links and empty links as they are', () => {
    expect(absoluteLink('https://x.example/p', 'https://beacon.example')).toBe('https://x.example/p');
    expect(absoluteLink('', 'https://beacon.example')).toBe('');
  });
});
