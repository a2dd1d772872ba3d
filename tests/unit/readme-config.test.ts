import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../server/config';

describe('README configuration table', () => {
  it('documents every environment variable the server reads, with its default', () => {
    const readme = readFileSync(path.resolve(process.cwd(), 'README.md'), 'utf8');
    for (const variable of ENV_VARS) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${variable.name}\` |`));
      expect(row, `${variable.name} has a row`).toBeDefined();
      const shownDefault = variable.default.startsWith('(') ? 'unset' : variable.default;
      expect(row?.replaceAll('`', ''), `${variable.name} shows its default`).toContain(shownDefault);
    }
  });
});
