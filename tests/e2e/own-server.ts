import { spawn } from 'node:child_process';

export interface OwnServer {
  baseURL: string;
  stop: () => void;
}

/**
 * A server of a test's own (the same build as the suite's, fresh demo data), for a test that needs
 * settings the shared e2e server does not have (a fast business day, a low minimum). Ready when its
 * home page answers 200. A server that exits first fails the test at once with its own output; one that
 * is still starting after two minutes (demo data seeds and migrations run first, which a loaded 2-core
 * host has been seen to take past one minute) fails with that output too.
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (true) {
    if (exited !== undefined) throw new Error(`own server on ${port} exited (${exited}):\n${output}`);
    try {
      if ((await fetch(`${baseURL}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`own server on ${port} not up after 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseURL, stop: () => void child.kill('SIGTERM') };
}
