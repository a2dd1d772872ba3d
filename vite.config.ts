import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { homeCatalogue } from './build-tools/home-catalogue';
import { precompress } from './build-tools/precompress';
import { startGroup } from './build-tools/start-group';
import { BEYOND_HOME_SOURCES } from './lingui.config';

// The dev server proxies the API to the server started by `npm run dev`.
const apiPort = Number(process.env.API_PORT ?? 8081);

// The operator console's code and its own contract files (the `admin` group below). Of its route files only
// the split parts (component and loader, `?tsr-split`): the rest (path, search validation) is in the route
// tree every page loads, and would pull the whole chunk into home.
const CONSOLE_MODULES =
  /[\\/](src[\\/](features[\\/]admin[\\/]|routes[\\/]admin(\.tsx|[\\/][^?]*)\?tsr-split)|contract[\\/]admin[\\/])/;
const routeTreeModules = startGroup(/[\\/]src[\\/]start\.tsx$/, CONSOLE_MODULES);

// One id per build: it busts the persisted query cache and names the version the update prompt offers.
const buildId = process.env.BEACON_BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component: the entry then carries no feature's queries it
      // does not need for home (decision 10).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    homeCatalogue(BEYOND_HOME_SOURCES),
    precompress(),
    routeTreeModules.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration and the web app manifest arrive with the offline PWA work:
      // the server serves the manifest per site.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The operator console is never precached onto players' phones (issue 16): it loads when opened.
        globIgnores: ['**/admin-*'],
      },
    }),
  ],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/s/': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // react stays its own chunk: the small entry needs it, the framework can wait (decision 10).
          includeDependenciesRecursively: false,
          groups: [
            // The operator console, one chunk (admin-*) that only /admin loads: a console file outside the
            // group would get a chunk of its own, and be precached.
            { name: 'admin', test: CONSOLE_MODULES },
            {
              name: 'framework',
              // The virtualizer stays with the lists that use it.
              test: /node_modules[\\/](react-dom|scheduler|use-sync-external-store|@tanstack[\\/](?!react-virtual|virtual-core)|@lingui|zod|idb-keyval|workbox-window)[\\/]?/,
            },
            // Our modules the route tree imports, with it in one chunk rather than a tiny chunk each
            // (build-tools/start-group.ts).
            { name: 'start', test: routeTreeModules.test },
          ],
        },
      },
    },
  },
});
