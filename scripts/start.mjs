// `npm start`: build the app when dist/ is missing or older than its sources, then run the server
// in this same process (so SIGTERM reaches the server's graceful shutdown directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, process.env.STATIC_DIR ?? 'dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

if (!process.env.STATIC_DIR && needsBuild()) {
  console.log('Building the app (dist/ is missing or out of date)...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../server/main.ts');
