// The callers of tests/perf/agent.ts, in a process of their own as real clients are (their HTTP work must
// not share the server's event loop): `callers` loops each sending the next POST when the last one answered,
// until the time is up (a request under way then is waited for and counted). Prints one JSON line: each
// request's latency in ms, and how many answered other than `200 {"status":200...`.
import { Agent, request } from 'node:http';

export interface LoopPlan {
  url: string;
  headers: Record<string, string>;
  body: string;
  callers: number;
  seconds: number;
}

export interface LoopResult {
  latencies: number[];
  errors: number;
  seconds: number;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoopPlan;
const agent = new Agent({ keepAlive: true, maxSockets: plan.callers });

function post(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(plan.url, { method: 'POST', agent, headers: plan.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(res.statusCode === 200 && text.startsWith('{"status":200')));
    });
    req.on('error', () => resolve(false));
    req.end(plan.body);
  });
}

const result: LoopResult = { latencies: [], errors: 0, seconds: 0 };
const started = performance.now();
const end = started + plan.seconds * 1000;
await Promise.all(
  Array.from({ length: plan.callers }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      if (!(await post())) result.errors++;
      result.latencies.push(performance.now() - t0);
    }
  }),
);
result.seconds = (performance.now() - started) / 1000;
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
