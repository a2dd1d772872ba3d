import type { LinguiConfig } from '@lingui/conf';

const config: LinguiConfig = {
  locales: ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'],
  sourceLocale: 'en-US',
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**', 'src/contract/**'],
    },
  ],
  format: 'po',
};

export default config;
