import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scratch directory of this run, for what the workers share (operator-codes.ts); they inherit the variable. */
export default function globalSetup() {
  process.env.E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'beacon-e2e-'));
}
