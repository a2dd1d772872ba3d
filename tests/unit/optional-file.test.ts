import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOptionalFile } from '../../server/optional-file';

describe('readOptionalFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'optional-file-'));

  it('answers the text of a file there', async () => {
    const file = path.join(dir, 'there.key');
    writeFileSync(file, 'abc\n');
    expect(await readOptionalFile(file)).toBe('abc\n');
  });

  it('answers null for a file that is not there', async () => {
    expect(await readOptionalFile(path.join(dir, 'missing.key'))).toBeNull();
  });

  it('throws any other failure (a directory is not a file)', async () => {
    await expect(readOptionalFile(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
