import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Someone who clones Beacon has only the repository: a document that points outside it, or at a file that moved,
// sends them nowhere. Every relative markdown link, and every backticked path that climbs out with ../, must land
// on a file or folder inside the repository.

const repo = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Fenced blocks show code and trees, not links. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Targets of relative inline links and images: [text](target), ![alt](target "title"). */
function relativeLinks(text: string): string[] {
  const prose = withoutFences(text).replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#') && !t.startsWith('/'));
}

/** Inline code spans that are paths starting with ../ */
function parentPaths(text: string): string[] {
  return [...withoutFences(text).matchAll(/`(\.\.\/[^`\s]*)`/g)].map((m) => m[1] ?? '');
}

function resolves(fromFile: string, target: string): boolean {
  const bare = decodeURIComponent(target.split('#')[0] ?? '');
  if (bare === '') return true;
  const full = path.resolve(path.dirname(fromFile), bare);
  const inside = full === repo || full.startsWith(repo + path.sep);
  return inside && existsSync(full);
}

const files = [path.join(repo, 'README.md'), ...markdownFiles(path.join(repo, 'docs'))];

describe('links in README.md and docs/', () => {
  it('reads the README and the docs', () => {
    expect(files.map((f) => path.relative(repo, f))).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/decisions/README.md']),
    );
  });

  it('finds links, images and ../ paths, and leaves out addresses, anchors and code', () => {
    const sample = [
      '[a](docs/a.md) [b](./b.md#part) ![c](pic.png "title") [d](https://x.example) [e](#here) [f](/admin)',
      '`../up/one.md` and `not/parent.md`, `[g](in-code.md)`',
      '```',
      '[h](fenced.md) `../fenced.md`',
      '```',
    ].join('\n');
    expect(relativeLinks(sample)).toEqual(['docs/a.md', './b.md#part', 'pic.png']);
    expect(parentPaths(sample)).toEqual(['../up/one.md']);
  });

  it('tells a target outside the repository or missing from one inside it', () => {
    const readme = path.join(repo, 'README.md');
    expect(resolves(readme, 'docs/architecture.md#a-server-module')).toBe(true);
    expect(resolves(readme, 'docs/decisions')).toBe(true);
    expect(resolves(readme, 'docs/no-such-file.md')).toBe(false);
    expect(resolves(readme, `../${path.basename(repo)}/README.md`)).toBe(true);
    expect(resolves(readme, '../shared/spec/DESIGN.md')).toBe(false);
  });

  it.each(files.map((f) => [path.relative(repo, f), f]))(
    'every link in %s resolves inside the repository',
    (_, file) => {
      const text = readFileSync(file, 'utf8');
      const broken = [...relativeLinks(text), ...parentPaths(text)].filter((t) => !resolves(file, t));
      expect(broken).toEqual([]);
    },
  );
});
