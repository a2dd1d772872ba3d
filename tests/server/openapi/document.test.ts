import { describe, expect, it } from 'vitest';
import { openApiPath } from '../../../server/http/openapi';
import { serverForSuite } from '../harness';

const server = serverForSuite();

interface JsonSchema {
  type?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** An object, or a union of objects (a discriminated union is one of its variants). */
const isObjectSchema = (s: JsonSchema | undefined): boolean => {
  const variants = s?.oneOf ?? s?.anyOf;
  return s?.type === 'object' || variants?.every(isObjectSchema) === true;
};

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { in: string; name: string }[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

const fetchDocument = async (): Promise<OpenApiDocument> => {
  const res = await fetch(`${server.url}/api/docs`);
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApiDocument;
};

const apiRoutes = () =>
  server.app.routes.filter(
    (r) =>
      r.url.startsWith('/api/') && r.url !== '/api/docs' && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );

describe('the OpenAPI document at /api/docs', () => {
  it('lists every registered /api route, with its method, and nothing outside /api', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('has every /api route registered from a contract declaration, at the declared path', () => {
    const undeclared = apiRoutes().filter((r) => !r.call || `/api${r.call.path}` !== r.url);
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('declares a required JSON object body for every POST but uploads, an empty one when it takes nothing', async () => {
    const doc = await fetchDocument();
    const posts = apiRoutes().filter((r) => r.method === 'POST' && !r.call?.upload);
    const undeclared = posts.filter((r) => {
      const body = doc.paths[openApiPath(r.url)]?.post?.requestBody;
      return !body?.required || !isObjectSchema(body.content['application/json']?.schema);
    });
    expect(undeclared.map((r) => r.url)).toEqual([]);
    const sites = doc.paths['/api/mainview/sites']?.post?.requestBody?.content['application/json'];
    expect(sites?.schema).toMatchObject({ type: 'object', properties: {} });
  });

  it('marks signed-in calls with the bearer scheme and money calls with their Idempotency-Key', async () => {
    const doc = await fetchDocument();
    expect(doc.paths['/api/cplogin/logout']?.post?.security).toEqual([{ bearer: [] }]);
    // No token asked: an explicit empty requirement (not the absence of one, which a global default would fill).
    expect(doc.paths['/api/cplogin/login']?.post?.security).toEqual([]);
    const money = apiRoutes().filter((r) => r.call?.movesMoney);
    expect(money.length).toBeGreaterThan(0);
    for (const r of money) {
      const params = doc.paths[r.url]?.[r.method.toLowerCase()]?.parameters ?? [];
      expect(params, r.url).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
      );
    }
  });
});

/** A body's property at a dotted path, through unions (the first variant that has it) and array items. */
function propertyAt(schema: SchemaNode | undefined, dotted: string): SchemaNode | undefined {
  let node = schema;
  for (const key of dotted.split('.')) {
    if (!node) return undefined;
    const variants = node.oneOf ?? node.anyOf;
    if (variants) node = variants.find((v) => propertyAt(v, key) !== undefined);
    if (key === '[]') node = node?.items;
    else node = node?.properties?.[key];
    // A nullable field is anyOf [its schema, null].
    const nonNull = (node?.anyOf ?? []).filter((v) => v.type !== 'null');
    if (node?.anyOf && nonNull.length === 1) node = nonNull[0];
  }
  return node;
}

interface SchemaNode {
  type?: string;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  enum?: unknown[];
  description?: string;
}

describe('the limits the server enforces, said in the document (issue 32)', () => {
  const bodyOf = async (url: string): Promise<SchemaNode | undefined> => {
    const doc = await fetchDocument();
    return doc.paths[url]?.post?.requestBody?.content['application/json']?.schema as SchemaNode | undefined;
  };
  const twoDecimals = expect.stringContaining('At most 2 decimals');

  it('ratios: percent 0 to 100 with at most 2 decimals, one to sixteen of them', async () => {
    for (const url of ['/api/uid/app/agentdown', '/api/admin/agent/ratios']) {
      const body = await bodyOf(url);
      expect(propertyAt(body, 'ratios'), url).toMatchObject({ type: 'array', minItems: 1, maxItems: 16 });
      expect(propertyAt(body, 'ratios.[].rate'), url).toMatchObject({
        type: 'number',
        minimum: 0,
        maximum: 100,
        description: twoDecimals,
      });
    }
  });

  it('amounts: more than 0, at most the wallet maximum (a deposit its own range), 2 decimals', async () => {
    expect(propertyAt(await bodyOf('/api/wallet/safe/deposit'), 'amount')).toMatchObject({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 100_000_000,
      description: twoDecimals,
    });
    // Its own range is the tighter bound (the document keeps the tightest of each side).
    expect(propertyAt(await bodyOf('/api/wallet/deposit/create'), 'amount')).toMatchObject({
      minimum: 1,
      maximum: 1_000_000,
    });
    expect(propertyAt(await bodyOf('/api/protection/limit'), 'amount')).toMatchObject({
      type: 'number',
      maximum: expect.any(Number),
    });
    expect(propertyAt(await bodyOf('/api/admin/sites/save'), 'minWithdraw')).toMatchObject({
      minimum: 0,
      maximum: 100_000_000,
      description: twoDecimals,
    });
    expect(propertyAt(await bodyOf('/api/wallet/sandbox/callback'), 'amount')).toMatchObject({
      description: twoDecimals,
    });
  });

  it('days: YYYY-MM-DD', async () => {
    const day = '^\\d{4}-\\d{2}-\\d{2}$';
    expect(propertyAt(await bodyOf('/api/spin/draw'), 'day')?.pattern).toBe(day);
    const report = await bodyOf('/api/admin/reports/daily');
    for (const end of ['from', 'to'])
      expect(propertyAt(report, end)).toMatchObject({ pattern: '^(\\d{4})-(\\d{2})-(\\d{2})$' });
  });

  it('banks: a withdrawal account names one of the banks of banks.ts', async () => {
    const bank = propertyAt(await bodyOf('/api/wallet/cards/save'), 'bank');
    expect(bank?.enum).toEqual(expect.arrayContaining(['BDO', 'BPI', 'SBIN', 'HDFC']));
    expect(bank?.enum).toHaveLength(18);
  });
});

describe('summaries, tags and servers (issue 32)', () => {
  it('gives every operation a hand-written one-line summary and a declared tag, and names servers', async () => {
    const doc = (await fetchDocument()) as OpenApiDocument & {
      servers?: { url: string }[];
      tags?: { name: string }[];
    };
    expect(doc.servers?.length).toBeGreaterThan(0);
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    const bad: string[] = [];
    const summaries = new Map<string, string>();
    for (const [url, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(
        ops as Record<string, { summary?: string; tags?: string[] }>,
      )) {
        const where = `${method.toUpperCase()} ${url}`;
        const summary = op.summary ?? '';
        if (summary.trim() === '' || summary.includes('\n') || summary.length > 80)
          bad.push(`${where}: summary`);
        if (!op.tags?.length || !op.tags.every((t) => tags.has(t))) bad.push(`${where}: tag`);
        const twin = summaries.get(summary);
        if (twin) bad.push(`${where}: same summary as ${twin}`);
        summaries.set(summary, where);
      }
    expect(bad).toEqual([]);
    expect(summaries.size).toBeGreaterThan(150);
  });
});
