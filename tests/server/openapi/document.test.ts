import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

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
    const missing = routes.filter((r) => !doc.paths[r.url]?.[r.method.toLowerCase()]);
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
      const body = doc.paths[r.url]?.post?.requestBody;
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
