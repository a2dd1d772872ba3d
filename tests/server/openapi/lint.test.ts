// Issue 32: the OpenAPI document as an integrator reads it. Redocly lints the document this server serves
// with the ruleset in redocly.yaml (0 errors, 0 warnings), and the document says per call what the server
// really does: security, error answers, closed bodies; the dev calls only in demo mode.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../../server/http/openapi';
import { PRODUCTION_SMS_ENV, serverForSuite, startServer } from '../harness';

const run = promisify(execFile);
/** The aggregators' wallet calls (decision 0054): answered HTTP 200 in their own shape, bodies open. */
const AGGREGATOR_PATH = /\/games\/(hub88|evolution)\//;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { additionalProperties?: unknown } }> };
  responses: Record<string, unknown>;
}
interface Document {
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

const server = serverForSuite();
let doc: Document;
beforeAll(async () => {
  doc = (await (await fetch(`${server.url}/api/docs`)).json()) as Document;
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => ({ key: `${m} ${p}`, op })),
  );
const op = (method: string, p: string) => doc.paths[`/api${p}`]?.[method] as Operation;

describe('Redocly lint of the OpenAPI document', () => {
  it('finds no problem with the ruleset of redocly.yaml', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'beacon-openapi-'));
    const file = path.join(dir, 'openapi.json');
    try {
      await writeFile(file, JSON.stringify(doc));
      const { stdout } = await run(
        'npx',
        ['redocly', 'lint', file, '--config', 'redocly.yaml', '--format=json', '--max-problems', '1000'],
        { maxBuffer: 16 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the document, call by call', () => {
  it('has servers, and a summary and a unique operation id on every operation', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      operations()
        .filter(({ op }) => !op.summary)
        .map(({ key }) => key),
    ).toEqual([]);
  });

  it('asks a token only of the calls that need one, and lets the catalogue lists take one or none', () => {
    const byAccess = new Map(
      server.app.routes
        .filter((r) => r.call)
        .map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.url)}`, r.call]),
    );
    const wrong = operations().filter(({ key, op: o }) => {
      const call = byAccess.get(key);
      if (!call) return true;
      const schemes = (o.security ?? []).map((s) => Object.keys(s).join('+'));
      if (key.includes('/games/seamless/')) return schemes.join() !== 'providerSignature';
      if (key.includes('/games/hub88/')) return schemes.join() !== 'hub88Signature';
      if (key.includes('/games/evolution/')) return schemes.join() !== 'evolutionToken';
      if (call.access === 'public') return schemes.length !== 0;
      if (call.access === 'optionalUser') return schemes.join() !== ',bearer';
      return schemes.join() !== 'bearer';
    });
    expect(wrong.map(({ key }) => key)).toEqual([]);
    // The four calls that were marked as needing a token, though a visitor may make them.
    const optional = server.app.routes.filter((r) => r.call?.access === 'optionalUser');
    expect(optional.map((r) => r.url)).toHaveLength(4);
    for (const r of optional)
      expect(doc.paths[r.url]?.[r.method.toLowerCase()]?.security, r.url).toEqual([{}, { bearer: [] }]);
    expect(op('post', '/cplogin/login').security).toEqual([]);
  });

  it('documents the error answers each kind of call gets', () => {
    for (const { key, op: o } of operations()) {
      const codes = Object.keys(o.responses);
      expect(codes, key).toEqual(expect.arrayContaining(['200', '500', 'default']));
      // An aggregator reads only HTTP 200 answers (decision 0054): its malformed calls are answered 200, no 400.
      const badRequest = AGGREGATOR_PATH.test(key) ? [] : ['400'];
      if (key.startsWith('post '))
        expect(codes, key).toEqual(expect.arrayContaining([...badRequest, '413', '415']));
      if (o.security?.some((s) => 'bearer' in s))
        expect(codes, key).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(op('post', '/user/info').responses['401']).toEqual({
      $ref: '#/components/responses/SessionExpired',
    });
  });

  it('closes every JSON body to keys the call does not name, but the passthrough keys', () => {
    const open = operations().filter(({ key, op: o }) => {
      const schema = o.requestBody?.content['application/json']?.schema as
        | { additionalProperties?: unknown; oneOf?: { additionalProperties?: unknown }[] }
        | undefined;
      if (!schema) return key.startsWith('post ') && !o.requestBody?.content['multipart/form-data'];
      // Aggregators' bodies stay open: they add optional fields without a new version (decision 0054).
      if (AGGREGATOR_PATH.test(key)) return false;
      const variants = schema.oneOf ?? [schema];
      return variants.some((v) => v.additionalProperties !== false);
    });
    expect(open.map(({ key }) => key)).toEqual([]);
    expect(op('post', '/mainview/sites').requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { packagename: { type: 'string' }, appsflyer_id: { type: 'string' } },
    });
  });

  it('documents the provider callbacks: the seamless calls signed in their headers, the sandbox in its body', () => {
    const bet = op('post', '/games/seamless/bet');
    expect(bet.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:X-Provider', 'header:X-Beacon-Timestamp']),
    );
    expect(bet.responses['400']).toEqual({ $ref: '#/components/responses/ProviderBadRequest' });
    expect(JSON.stringify(op('post', '/wallet/sandbox/callback'))).toContain('HMAC-SHA256');
  });

  it('lists the dev calls in demo mode only', async () => {
    expect(op('post', '/dev/clock')).toBeDefined();
    const production = await startServer({ env: { DEMO: 'false', ...PRODUCTION_SMS_ENV } });
    try {
      const prodDoc = (await (await fetch(`${production.url}/api/docs`)).json()) as Document;
      expect(Object.keys(prodDoc.paths).filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
      expect(Object.keys(prodDoc.paths).length).toBeGreaterThan(100);
    } finally {
      await production.close();
    }
  });
});
