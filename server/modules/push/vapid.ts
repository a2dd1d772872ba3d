import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/create-db';
import { readOptionalFile } from '../../optional-file';
import { countSubscriptions, getSetting, putSetting } from './repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = 'vapid-keys.json';
const PUBLIC_KEY_SETTING = 'vapid_public_key';
const PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

export class VapidUnavailable extends Error {}

async function readKeyFile(file: string): Promise<VapidKeys | null> {
  const text = await readOptionalFile(file);
  if (text === null) return null;
  const value = JSON.parse(text) as Partial<VapidKeys>;
  if (!PUBLIC_KEY.test(value.publicKey ?? '') || !PRIVATE_KEY.test(value.privateKey ?? ''))
    throw new VapidUnavailable(`${file} does not hold a VAPID key pair; restore it or set VAPID_* variables`);
  return { publicKey: value.publicKey as string, privateKey: value.privateKey as string };
}

/**
 * The key pair push messages are signed with. From the environment, else DATA_DIR/vapid-keys.json,
 * else generated and written there on first start. Browsers subscribe against one public key, so a
 * new pair would silently break every existing subscription: with subscriptions stored and the file
 * gone, or a key other than the one the database recorded, this refuses (VapidUnavailable) and push
 * stays off until an operator restores the file or sets the variables. Everything else keeps running.
 */
export async function resolveVapidKeys(
  config: Pick<Config, 'dataDir' | 'push'>,
  db: Db,
  now: number,
  log: FastifyBaseLogger,
): Promise<VapidKeys> {
  const file = path.join(config.dataDir, VAPID_FILE);
  let keys = config.push.vapidKeys ?? (await readKeyFile(file));
  if (!keys) {
    const existing = await countSubscriptions(db);
    if (existing > 0)
      throw new VapidUnavailable(
        `${file} is missing but ${existing} push subscriptions exist: they were made with the lost key, so a new ` +
          'one would break them silently. Restore the file or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.',
      );
    const generated = webpush.generateVAPIDKeys();
    try {
      // 'wx': two processes sharing a data folder never overwrite each other's pair.
      await writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
      keys = generated;
      log.info({ file }, 'generated a VAPID key pair for web push');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      keys = await readKeyFile(file);
      if (!keys) throw err;
    }
  }
  const recorded = await getSetting(db, PUBLIC_KEY_SETTING);
  if (recorded !== keys.publicKey) {
    const existing = recorded === undefined ? 0 : await countSubscriptions(db);
    if (existing > 0)
      throw new VapidUnavailable(
        `the VAPID public key differs from the one ${existing} stored push subscriptions were made with ` +
          `(${recorded?.slice(0, 12)}…): set the same key pair on every server process.`,
      );
    await putSetting(db, PUBLIC_KEY_SETTING, keys.publicKey, now);
  }
  return keys;
}
