import { randomBytes } from 'node:crypto';
import { link, mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { readOptionalFile } from '../../optional-file';
import * as repo from './repository';
import {
  decodeSecretKey,
  generateSecretKeyText,
  isSealed,
  open,
  SecretBoxError,
  type SecretKey,
  seal,
  sealedKeyId,
} from './secret-box';

/*
 * Operators' TOTP secrets at rest (issue 16): sealed with a key kept outside the database
 * (OPERATOR_SECRET_KEY, else DATA_DIR/operator-secret.key), so a dump, a backup or a replica of the
 * database alone cannot mint an operator's codes.
 *
 * Secrets stored before encryption are converted when the app is built (the operators module's routes wait
 * for it), not on first read only: an operator who never signs in again would otherwise keep a clear secret
 * in every later backup. Migrations cannot do it: they are frozen and never see the key. Reading still
 * converts a clear secret it meets (written by an older process during a rolling deploy, by the demo seed,
 * by a test), so the TOTP check always gets a secret that was, or now is, sealed. Both are conditional
 * updates: two processes starting together convert a row once, and a run with nothing to convert writes
 * nothing.
 *
 * Rotation (decision 0034): the new key in OPERATOR_SECRET_KEY, the old one in OPERATOR_SECRET_KEY_PREVIOUS.
 * Secrets sealed with a previous key are sealed again with the current one the same way (at start, and when
 * read), so once every process has started with the new key the previous one can be dropped.
 */

export const OPERATOR_KEY_FILE = 'operator-secret.key';

/** The key cannot be used: the app must not start (a clear message for whoever runs it). */
export class OperatorKeyError extends Error {}

/** The current key, which seals, and the previous ones by id, which only open (until re-sealed). */
export interface TotpKeyring {
  readonly key: SecretKey;
  readonly previous: ReadonlyMap<string, SecretKey>;
}

/** What a sealed secret is bound to: its row, so a value copied to another operator does not open. */
const contextOf = (userId: number) => `operator_totp:${userId}`;

/** A secret from before encryption: base32, as otplib makes them. */
const CLEAR_SECRET = /^[A-Z2-7]+=*$/;

async function readKeyFile(file: string, log: FastifyBaseLogger): Promise<SecretKey | null> {
  const text = await readOptionalFile(file);
  if (text === null) return null;
  const key = decodeSecretKey(text.trim());
  if (!key)
    throw new OperatorKeyError(
      `${file} does not hold an operator secret key (32 bytes, base64url): restore it or set OPERATOR_SECRET_KEY`,
    );
  if (((await stat(file)).mode & 0o077) !== 0)
    log.warn({ file }, 'the operator secret key file is readable by other users: chmod 600 it');
  return key;
}

/**
 * The key: OPERATOR_SECRET_KEY, else the data folder's file, else a new one written there (once: two
 * processes sharing the folder keep one). A new key is never made while sealed secrets exist: they
 * would never open again, so the file must be restored (or the variable set) instead.
 */
async function resolveKey(
  config: Pick<Config, 'dataDir' | 'operators'>,
  stored: readonly { secret: string }[],
  sealedElsewhere: number,
  log: FastifyBaseLogger,
): Promise<{ key: SecretKey; source: string }> {
  if (config.operators.secretKey !== null) {
    const key = decodeSecretKey(config.operators.secretKey);
    if (!key) throw new OperatorKeyError('OPERATOR_SECRET_KEY is not 32 bytes in base64url');
    return { key, source: 'OPERATOR_SECRET_KEY' };
  }
  const file = path.join(config.dataDir, OPERATOR_KEY_FILE);
  const existing = await readKeyFile(file, log);
  if (existing) return { key: existing, source: file };
  const sealed = stored.filter((s) => isSealed(s.secret)).length;
  if (sealed > 0)
    throw new OperatorKeyError(
      `${file} is missing but ${sealed} operators' authenticator secrets in the database are encrypted: ` +
        'restore the file or set OPERATOR_SECRET_KEY to the key they were encrypted with (a new key would ' +
        'lock every operator out of the console).',
    );
  if (sealedElsewhere > 0)
    throw new OperatorKeyError(
      `${file} is missing but ${sealedElsewhere} game providers' keys in the database are encrypted with it: ` +
        'restore the file or set OPERATOR_SECRET_KEY to the key they were encrypted with (a new key would ' +
        'leave those providers unable to sign or check a call).',
    );
  await mkdir(config.dataDir, { recursive: true });
  // Written whole under another name, then linked into place: link() fails if the file exists, so of two
  // processes starting together one key wins, and neither reads the other's file half-written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${generateSecretKeyText()}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
    log.info({ file }, "generated the key operators' authenticator secrets are encrypted with");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(draft);
  }
  const key = await readKeyFile(file, log);
  if (!key) throw new OperatorKeyError(`${file} could not be written`);
  return { key, source: file };
}

/** Seals a clear secret in place, if it is still the one read; answers whether this call converted it. */
async function convert(db: Db, key: SecretKey, userId: number, clear: string): Promise<boolean> {
  return repo.replaceSecret(db, userId, clear, seal(key, clear, contextOf(userId)));
}

/** The previous keys (OPERATOR_SECRET_KEY_PREVIOUS) by id; the current key among them is left out. */
function previousKeys(config: Pick<Config, 'operators'>, current: SecretKey): Map<string, SecretKey> {
  const keys = new Map<string, SecretKey>();
  for (const text of config.operators.previousSecretKeys) {
    const key = decodeSecretKey(text);
    if (!key)
      throw new OperatorKeyError(
        'OPERATOR_SECRET_KEY_PREVIOUS holds a value that is not 32 bytes in base64url',
      );
    if (key.id !== current.id) keys.set(key.id, key);
  }
  return keys;
}

/**
 * A secret sealed with a previous key, opened with it and sealed again with the current one, if the row still
 * holds what was read. Answers the secret (null when it does not open) and whether this call re-sealed it.
 */
function reseal(
  db: Db,
  keyring: TotpKeyring,
  userId: number,
  stored: string,
): { secret: string | null; write: () => Promise<boolean> } {
  const previous = keyring.previous.get(sealedKeyId(stored) ?? '');
  if (!previous) return { secret: null, write: async () => false };
  const secret = open(previous, stored, contextOf(userId));
  return {
    secret,
    write: () => repo.replaceSecret(db, userId, stored, seal(keyring.key, secret, contextOf(userId))),
  };
}

/**
 * Resolves the key, converts every clear secret and re-seals every secret of a previous key. Refuses
 * (OperatorKeyError) secrets sealed with a key that is neither the current one nor a previous one: a process
 * started with another key (a second process without the variable, a changed variable) would lock every
 * operator out, and says so at start, not at sign-in.
 */
export async function prepareTotpSecrets(
  config: Pick<Config, 'dataDir' | 'operators'>,
  db: Db,
  log: FastifyBaseLogger,
): Promise<TotpKeyring & { converted: number; resealed: number }> {
  const stored = await repo.allTotpSecrets(db);
  const { key, source } = await resolveKey(config, stored, await repo.sealedElsewhere(db), log);
  const keyring: TotpKeyring = { key, previous: previousKeys(config, key) };
  const foreign = new Set(
    stored
      .map((s) => sealedKeyId(s.secret))
      .filter((id) => id !== null && id !== key.id && !keyring.previous.has(id)),
  );
  if (foreign.size > 0)
    throw new OperatorKeyError(
      `operators' authenticator secrets in the database were encrypted with key ${[...foreign].join(', ')}, ` +
        `not with this one (${key.id}, from ${source}): set OPERATOR_SECRET_KEY to that key on every process ` +
        '(or, to change keys, the new key there and that one in OPERATOR_SECRET_KEY_PREVIOUS).',
    );
  let converted = 0;
  let resealed = 0;
  for (const { user_id, secret } of stored) {
    const userId = user_id;
    if (isSealed(secret)) {
      if (sealedKeyId(secret) === key.id) continue;
      try {
        if (await reseal(db, keyring, userId, secret).write()) resealed++;
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        // Left as it is: the sign-in fails as a wrong code and logs it (readTotpSecret).
        log.error(
          { userId, reason: err.reason },
          'an operator authenticator secret does not decrypt with its previous key',
        );
      }
      continue;
    }
    if (!CLEAR_SECRET.test(secret)) {
      log.error({ userId }, 'an operator authenticator secret is neither sealed nor base32');
      continue;
    }
    if (await convert(db, key, userId, secret)) converted++;
  }
  if (converted > 0) log.info({ converted }, "encrypted operators' authenticator secrets stored in clear");
  if (resealed > 0)
    log.info(
      { resealed, key: key.id },
      "encrypted operators' authenticator secrets again with the current key",
    );
  return { ...keyring, converted, resealed };
}

const prepared = new WeakMap<AppContext, Promise<TotpKeyring>>();

/**
 * The app's keys, prepared once (prepareTotpSecrets); the operators module's routes wait for them when the
 * app is built, so a bad key stops the start. A failure is tried again on the next call.
 */
export function totpKeyring(ctx: AppContext): Promise<TotpKeyring> {
  let keyring = prepared.get(ctx);
  if (!keyring) {
    keyring = prepareTotpSecrets(ctx.config, ctx.db, ctx.log).then(({ key, previous }) => ({
      key,
      previous,
    }));
    prepared.set(ctx, keyring);
    keyring.catch(() => prepared.delete(ctx));
  }
  return keyring;
}

/** A new secret as it is stored. */
export const sealTotpSecret = (key: SecretKey, userId: number, secret: string): string =>
  seal(key, secret, contextOf(userId));

/**
 * The secret of a stored value, for the TOTP check; a clear one, or one of a previous key (written by a
 * process still on that key during a rolling change), is sealed with the current key on the way. Null when
 * it does not open (altered, another operator's, an unknown key's): logged as the error it is, while the
 * operator is told only that the code is wrong, as for any wrong code.
 */
export async function readTotpSecret(
  ctx: AppContext,
  keyring: TotpKeyring,
  userId: number,
  stored: string,
): Promise<string | null> {
  const { key } = keyring;
  if (!isSealed(stored)) {
    if (!CLEAR_SECRET.test(stored)) {
      ctx.log.error({ userId }, 'an operator authenticator secret is neither sealed nor base32');
      return null;
    }
    await convert(ctx.db, key, userId, stored);
    return stored;
  }
  try {
    if (keyring.previous.has(sealedKeyId(stored) ?? '')) {
      const { secret, write } = reseal(ctx.db, keyring, userId, stored);
      await write();
      return secret;
    }
    return open(key, stored, contextOf(userId));
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    ctx.log.error(
      { userId, reason: err.reason, detail: err.message },
      'an operator authenticator secret does not decrypt (the row was altered or copied from another, or sealed with another key): the operator cannot pass the second factor until the operator_totp row is deleted and they enrol again',
    );
    return null;
  }
}

/**
 * Another module's secret (a game provider's private key or shared secret, decision 0054), sealed under the
 * deployment's key and bound to `context`, the row it belongs to.
 */
export async function sealOtherSecret(ctx: AppContext, plaintext: string, context: string): Promise<string> {
  return seal((await totpKeyring(ctx)).key, plaintext, context);
}

/**
 * The plaintext of another module's sealed secret, opened with the key that sealed it (the current one or a
 * previous one during a rotation); throws SecretBoxError when it does not open.
 */
export async function openOtherSecret(ctx: AppContext, sealed: string, context: string): Promise<string> {
  const keyring = await totpKeyring(ctx);
  const key = keyring.previous.get(sealedKeyId(sealed) ?? '') ?? keyring.key;
  return open(key, sealed, context);
}
