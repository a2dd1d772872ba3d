import { expect, type Page } from '@playwright/test';

/** After the first visit the service worker controls the page (one reload at most: `clientsClaim`). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the service worker controls the page',
      timeout: 15_000,
    })
    .toBe(true);
}

export interface StoredPartition {
  key: string;
  queries: string[];
  pausedMutations: number;
  text: string;
}

/** What the persisted query cache holds in IndexedDB, partition by partition. */
export function storedPartitions(page: Page): Promise<StoredPartition[]> {
  return page.evaluate(
    () =>
      new Promise<StoredPartition[]>((resolve, reject) => {
        const open = indexedDB.open('beacon');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) {
            db.close();
            resolve([]);
            return;
          }
          const store = db.transaction('query-cache', 'readonly').objectStore('query-cache');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const list = (
              values.result as Array<{
                clientState: { queries: Array<{ queryKey: unknown[] }>; mutations: unknown[] };
              }>
            ).map((client, index) => ({
              key: String(keys.result[index]),
              queries: client.clientState.queries.map((query) => JSON.stringify(query.queryKey)),
              pausedMutations: client.clientState.mutations.length,
              text: JSON.stringify(client),
            }));
            db.close();
            resolve(list);
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/** Waits until the signed-in user's partition holds every query the launch needs (writes are throttled). */
export async function waitForPersisted(page: Page, keyParts: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const user = (await storedPartitions(page)).find((partition) => partition.key.includes('user-'));
        return keyParts.filter((part) => !user?.queries.some((key) => key.includes(part)));
      },
      { message: 'the launch data is persisted', timeout: 15_000 },
    )
    .toEqual([]);
}

/** A request from the page itself: proves the page, not only the test runner, is cut off. */
export const pageCanReachServer = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    fetch('/api/mainview/sites', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
      .then(() => true)
      .catch(() => false),
  );
