import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit test files that replace a module (vi.mock): they need a module graph of their own. */
const UNIT_MODULE_MOCKS = [
  'tests/unit/agent-components.test.tsx',
  'tests/unit/install.test.tsx',
  'tests/unit/site-zone-times.test.tsx',
];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: UNIT_MODULE_MOCKS,
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // One jsdom and one module graph for all files: a fresh jsdom per file was 78 s of a 200 s run and
          // the imports 25 s more (CI, 2026-12-06). setup.ts resets what one file could leave to the next
          // (storage, the toasts, mocks, timers); the files that replace a module run isolated, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A module replaced with vi.mock is only the file's own in a module graph of its own.
          name: 'unit-isolated',
          include: UNIT_MODULE_MOCKS,
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own database (SQLite file or PostgreSQL schema).
          fileParallelism: true,
          // One module graph for all files: re-importing the server for each of 66 files was 115 s of a
          // 270 s run. Every file builds its own server, database and clock; none mocks a module.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
