import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The route files whose code renders `/`: the root, the tabs' layout, home. */
const HOME_ROUTE_FILES = ['src/routes/__root.tsx', 'src/routes/_main.tsx', 'src/routes/_main/index.tsx'];
const LINGUI_MACRO = /from ['"]@lingui\/(react|core)\/macro['"]/;

/**
 * Fails the build when code that home may run (the entry, what it imports, what it may load later, and
 * home's own route parts, but no other page's) has strings that only the catalogue beyond home holds
 * (decision 0026). Such a string would show as its bare id on home: the build is where this shows.
 */
export function homeCatalogue(beyondHomeSources: readonly string[]): Plugin {
  let root = process.cwd();
  return {
    name: 'beacon-home-catalogue',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      // The service worker's own build has no page: nothing to check there.
      if (!entries.some((chunk) => chunk.facadeModuleId?.endsWith('.html') || chunk.name === 'index')) return;

      const relative = (id: string) => path.relative(root, id.split('?')[0] ?? id).replaceAll('\\', '/');
      // A chunk loaded later that holds a part of another page's route file (`?tsr-split`) is that page's:
      // home never loads it. A chunk imported statically loads with its importer, whatever it holds.
      const otherPage = (chunk: OutputChunk) =>
        chunk.moduleIds.some((id) => id.includes('?tsr-split') && !HOME_ROUTE_FILES.includes(relative(id)));

      const seen = new Set<string>();
      const queue = entries.map((chunk) => ({ name: chunk.fileName, lazy: false }));
      const modules = new Set<string>();
      while (queue.length > 0) {
        const { name, lazy } = queue.pop() as { name: string; lazy: boolean };
        const chunk = chunks.get(name);
        if (!chunk || seen.has(name) || (lazy && otherPage(chunk))) continue;
        seen.add(name);
        for (const id of chunk.moduleIds) modules.add(relative(id));
        queue.push(
          ...chunk.imports.map((next) => ({ name: next, lazy: false })),
          ...chunk.dynamicImports.map((next) => ({ name: next, lazy: true })),
        );
      }
      const wrong = [...modules].filter(
        (file) =>
          beyondHomeSources.some((source) => file === source || file.startsWith(`${source}/`)) &&
          LINGUI_MACRO.test(readFileSync(path.join(root, file), 'utf8')),
      );
      if (wrong.length > 0) {
        this.error(
          `Home may run these files, whose strings are only in the catalogue beyond home (lingui.config.ts): ${wrong.join(', ')}. ` +
            'Move the strings home needs out of those folders, or keep the code out of home.',
        );
      }
      if (!modules.has('src/routes/_main/index.tsx'))
        this.error('home-catalogue: home route not found in the bundle');
    },
  };
}
