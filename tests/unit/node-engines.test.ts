// Issue 31, item 23: a clean install on the oldest Node the project supports prints no EBADENGINE. npm
// warns for every installed package whose `engines.node` that Node does not satisfy; the lock file records
// each package's range, so the check needs no install. Optional packages are left out: npm skips one that
// cannot be installed instead of warning (the @napi-rs/lzma binding rollup lists wants Node 22).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

interface Semver {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
}
// npm's own range rules, through Fastify, which depends on semver itself.
const semver = createRequire(createRequire(import.meta.url).resolve('fastify'))('semver') as Semver;

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const root = process.cwd();
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

describe('the Node versions the project supports', () => {
  it('start at 20.19', () => {
    expect(semver.minVersion(manifest.engines.node)?.version).toBe('20.19.0');
  });

  it('are every locked package’s: none asks for a newer Node than the oldest supported', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version as string;
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && !p.optional)
      .map(([name, p]) => ({
        name,
        version: p.version,
        range: Array.isArray(p.engines) ? undefined : p.engines?.node,
      }))
      .filter((p) => p.range !== undefined && !semver.satisfies(oldest, p.range))
      .map((p) => `${p.name}@${p.version} wants node ${p.range}`);
    expect(refusing).toEqual([]);
  });
});

describe('the cookie package pinned for Node 20 (overrides in package.json)', () => {
  it('still writes the Cookie header of Fastify’s inject, its one use (light-my-request)', async () => {
    const app = Fastify();
    app.get('/', async (request) => ({ cookie: request.headers.cookie ?? null }));
    const res = await app.inject({ url: '/', cookies: { session: 'a b', theme: 'dark' } });
    await app.close();
    expect(res.json()).toEqual({ cookie: 'session=a%20b; theme=dark' });
  });
});
