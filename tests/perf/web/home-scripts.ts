// The scripts a cold load of `/` requests, each gzipped (-9) from the build, and their sum: the bench's home
// JavaScript figure without Lighthouse (deterministic, so it can be taken on a busy host), file by file to
// see where the bytes are. `npm run build && npx tsx tests/perf/web/home-scripts.ts [dist]`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { startServer } from '../../support/built-app-server';

const dist = path.resolve(process.argv[2] ?? 'dist');
const server = await startServer(dist);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
const files: string[] = [];
page.on('response', (r) => {
  const u = new URL(r.url());
  if (u.pathname.endsWith('.js') && !u.pathname.includes('sw.js')) files.push(u.pathname);
});
await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
let total = 0;
for (const f of files) {
  const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  total += size;
  console.log((size / 1024).toFixed(1).padStart(7), f);
}
console.log((total / 1024).toFixed(1).padStart(7), 'TOTAL');
await browser.close();
server.stop();
