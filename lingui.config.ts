import type { LinguiConfig } from '@lingui/conf';

/**
 * The sections home never shows: their strings wait in a second catalogue (`beyond-home`) that the
 * router loads before any page but home (decision 0026). A string used in both places is in both.
 * build-tools/home-catalogue.ts fails the build when code home may run has a string only here.
 */
export const BEYOND_HOME_SOURCES = [
  'src/features/admin',
  'src/features/agent',
  // Bonuses (issue 33): /Bonuses and the deposit page's offers, never home.
  'src/features/bonuses',
  'src/features/games',
  // Not its push/ folder: the root writes the push wording on every page, home included.
  'src/features/messages/components',
  'src/features/profile',
  'src/features/protection',
  'src/features/spin',
  'src/features/wallet',
  'src/routes/admin',
  // The chart of days: drawn only by the agent's pages and the console's reports.
  'src/ui/day-chart.tsx',
  // The filters of the wallet's records and the games' betting record.
  'src/ui/list-filters.tsx',
];

/** A source of the list as a glob: a folder's files, or the file itself. */
const globOf = (source: string) => (/\.tsx?$/.test(source) ? source : `${source}/**`);

const config: LinguiConfig = {
  locales: ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'],
  sourceLocale: 'en-US',
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**', ...BEYOND_HOME_SOURCES.map(globOf)],
    },
    {
      path: '<rootDir>/src/locales/{locale}/beyond-home',
      include: BEYOND_HOME_SOURCES,
      exclude: ['**/node_modules/**'],
    },
  ],
  format: 'po',
};

export default config;
