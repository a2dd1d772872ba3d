// The server the end-to-end suite drives: the built app, demo data, and a throwaway data folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'beacon-e2e-'));
process.env.DEMO = 'true';
// Every spec registers from 127.0.0.1; a real deployment sees one address per phone.
process.env.SMS_IP_HOURLY_LIMIT = '1000';
process.env.HOST = '127.0.0.1';
// The suite's fake push service listens on loopback, which the server refuses as a push endpoint
// unless told otherwise (tests/e2e/push-notices.spec.ts).
process.env.PUSH_TEST_HOSTS = '127.0.0.1';
process.env.STATIC_DIR ??= 'dist';
delete process.env.DATABASE_URL;

register();
await import('../server/main.ts');
