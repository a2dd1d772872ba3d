import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUND_STATUSES } from '#contract/games';
import { SPIN_DAY_STATES } from '#contract/spin';
import { TX_STATES } from '#contract/tx-states';
import type { ToastKind } from '#lib/toast';
import type { DialogAction } from '#ui/dialog-actions';
import type { Tabs } from '#ui/tabs';

// A rule for a class no component writes is dead weight on every first paint, and the next reader cannot tell
// it is dead. Every class selector in a stylesheet under src/ must be a class some code writes: a string in
// src/ (components, boot), the shell's start-up indicator (index.html) or the first view the server paints
// (server/modules/launch/first-view.ts, decision 0010).
//
// Classes built at run time (`tabs--${variant}`) cannot be read from a string: each such prefix is listed in
// DYNAMIC with the values the code can give it, and the check fails on a prefix it does not know, so a new one
// must be listed (and its values named) before it passes.

const repo = path.resolve(import.meta.dirname, '../..');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, test);
    return test(entry.name) ? [full] : [];
  });
}

/**
 * The prefixes the code completes at run time, and every value it can complete them with: from the type's own
 * list where the code has one, written out where the type is a union in a component (named in `from`).
 */
const TAB_VARIANTS = ['segmented', 'chips'] as const satisfies readonly NonNullable<
  Parameters<typeof Tabs>[0]['variant']
>[];
const DYNAMIC: Record<string, { values: readonly string[]; from: string }> = {
  'tabs--': { values: TAB_VARIANTS, from: 'the variant prop, src/ui/tabs.tsx' },
  'games-tabs--': { values: TAB_VARIANTS, from: 'the Tabs variant, games/components/lobby-page.tsx' },
  'day-chart__swatch--': { values: ['0', '1'], from: 'index % 2, src/ui/day-chart.tsx' },
  'toast--': { values: ['positive', 'negative'] satisfies ToastKind[], from: 'ToastKind, src/lib/toast.ts' },
  'button--': {
    values: ['ghost', 'primary', 'danger'] satisfies DialogAction['variant'][],
    from: "DialogAction['variant'], src/ui/dialog-actions.tsx",
  },
  'state-badge--': { values: TX_STATES, from: 'TX_STATES, wallet/components/wallet-bits.tsx' },
  'wallet-step--': {
    values: TX_STATES,
    from: 'TX_STATES (a withdrawal step), wallet/components/withdraw-step-page.tsx',
  },
  'spin-day--': { values: SPIN_DAY_STATES, from: 'SPIN_DAY_STATES, spin/components/spin-days.tsx' },
  'round-status--': { values: ROUND_STATUSES, from: 'ROUND_STATUSES, games/components/game-bits.tsx' },
};

/**
 * Classes our sheets style that no code of ours writes: a library puts them on its own markup, or the browser's
 * HTML from the server does.
 */
const SWIPER = 'swiper puts it on its own pagination and arrows (src/ui/media-viewer.tsx)';
const WRITTEN_ELSEWHERE: Record<string, string> = {
  'swiper-pagination-bullet': SWIPER,
  'swiper-pagination-bullet-active': SWIPER,
  'swiper-button-disabled': SWIPER,
  'swiper-button-lock': SWIPER,
};

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Class names in a sheet's selectors (not in declarations: `url(x.min.css)`, `0.5rem` are values). */
function selectorClasses(css: string): Set<string> {
  const found = new Set<string>();
  const text = withoutComments(css).replace(/"[^"]*"|'[^']*'/g, '""');
  // Selectors are what comes before a `{`; declarations sit between `{` and `}` (at-rules nest selectors).
  for (const match of text.matchAll(/([^{};]*)\{/g)) {
    const selector = match[1] ?? '';
    if (selector.trim().startsWith('@')) continue;
    for (const name of selector.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) found.add(name[1] ?? '');
  }
  return found;
}

/** The pieces of string literals and of template literals' static parts in a source file. */
function stringPieces(source: string): string[] {
  const pieces: string[] = [];
  for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const body = match[1] ?? match[2] ?? match[3] ?? '';
    if (match[3] === undefined) pieces.push(body);
    else {
      // `a ${done ? 'a--done' : ''}`: the static parts, and the strings inside the expressions.
      pieces.push(...body.split(/\$\{[^}]*\}/));
      for (const expression of body.matchAll(/\$\{([^}]*)\}/g))
        pieces.push(...stringPieces(expression[1] ?? ''));
    }
  }
  return pieces;
}

/** Prefixes a template literal completes at run time: `foo--${x}`, `foo__${x}`. */
function dynamicPrefixes(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
    for (const prefix of (match[1] ?? '').matchAll(/([A-Za-z][\w-]*(?:--|__))\$\{/g))
      found.add(prefix[1] ?? '');
  }
  return found;
}

const sheets = files(path.join(repo, 'src'), (name) => name.endsWith('.css'));
const sources = [
  ...files(path.join(repo, 'src'), (name) => /\.tsx?$/.test(name) && !name.endsWith('.gen.ts')),
  path.join(repo, 'index.html'),
  path.join(repo, 'server/modules/launch/first-view.ts'),
];

const written = new Set<string>();
const prefixes = new Set<string>();
for (const file of sources) {
  const source = readFileSync(file, 'utf8');
  for (const piece of stringPieces(source))
    for (const token of piece.split(/\s+/)) if (token) written.add(token);
  for (const prefix of dynamicPrefixes(source)) prefixes.add(prefix);
}
for (const [prefix, { values }] of Object.entries(DYNAMIC))
  for (const value of values) written.add(prefix + value);

describe('stylesheet classes', () => {
  it('knows the values of every class prefix completed at run time', () => {
    expect([...prefixes].filter((prefix) => !(prefix in DYNAMIC)).sort()).toEqual([]);
    expect(Object.keys(DYNAMIC).filter((prefix) => !prefixes.has(prefix))).toEqual([]);
  });

  it('styles only classes some code writes', () => {
    const unused = sheets.flatMap((sheet) =>
      [...selectorClasses(readFileSync(sheet, 'utf8'))]
        .filter((name) => !written.has(name) && !(name in WRITTEN_ELSEWHERE))
        .map((name) => `${path.relative(repo, sheet)}: .${name}`),
    );
    expect(unused).toEqual([]);
  });

  it('finds the classes of a sheet and of a component (the check can fail)', () => {
    expect([
      ...selectorClasses(
        '/* .gone */ .a, .b:hover > .c-d__e--f { background: url("x.min.css"); margin: 0.5rem }',
      ),
    ]).toEqual(['a', 'b', 'c-d__e--f']);
    expect(dynamicPrefixes(['<div className={`tabs tabs--$', '{variant}`} />'].join(''))).toEqual(
      new Set(['tabs--']),
    );
    expect(selectorClasses(readFileSync(path.join(repo, 'src/styles/global.css'), 'utf8')).has('page')).toBe(
      true,
    );
  });
});
