import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; parameters?: { in: string; name: string }[] }>
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

  it('marks signed-in calls with the bearer scheme and money calls with their Idempotency-Key', async () => {
    const doc = await fetchDocument();
    expect(doc.paths['/api/cplogin/logout']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/cplogin/login']?.post?.security).toBeUndefined();
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
