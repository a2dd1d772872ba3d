import type { Plugin } from 'vite';

interface StartGroup {
  /** Collects the module graph once it is built, before the chunks are made. */
  plugin: Plugin;
  /** The codeSplitting group's test: a module every page loads with the route tree. */
  test: (id: string) => boolean;
}

/**
 * One chunk for our own modules that `start` (the route tree every page loads) imports statically, however
 * they are imported elsewhere. Left to the automatic splitting, each module that a lazy page or the console
 * also imports became a chunk of its own (paging, day, tx-states, route-helpers, ...), a few hundred bytes
 * each with its own gzip and request: home loaded about twenty of them. Every page loads them all with
 * `start` anyway, so one chunk costs no page anything more.
 *
 * Packages stay in their groups (react its own chunk, the framework: decision 10); the entry's own modules
 * stay in the entry; `excluded` (the console's group) keeps its files.
 */
export function startGroup(startModule: RegExp, excluded: RegExp): StartGroup {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'beacon-start-group',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const start = ids.find((id) => startModule.test(id));
      // The service worker's own build has no route tree.
      if (!start) return;
      const staticClosure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      members = new Set(
        [...staticClosure([start])].filter(
          (id) =>
            !entry.has(id) &&
            !id.startsWith('\0') &&
            !/[\\/]node_modules[\\/]/.test(id) &&
            !excluded.test(id),
        ),
      );
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
