import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../server/config';

/** Cells of the markdown table rows, without the backticks of inline code. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.trimStart().startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.replaceAll('`', '').trim()),
    );
}

describe('README configuration table', () => {
  it('documents every environment variable the server reads, with its default', () => {
    const rows = tableRows(readFileSync(path.resolve(process.cwd(), 'README.md'), 'utf8'));
    for (const variable of ENV_VARS) {
      const row = rows.find((cells) => cells[0] === variable.name);
      expect(row, `${variable.name} has a row`).toBeDefined();
      const shownDefault = variable.default.startsWith('(') ? 'unset' : variable.default;
      expect(row?.[1], `${variable.name} shows its default`).toContain(shownDefault);
    }
  });
});
