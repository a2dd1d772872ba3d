import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets kept at rest under a key the database does not hold (issue 16): AES-256-GCM, a random 12-byte IV
 * per value, and a context (whose row the value belongs to) bound as additional authenticated data, so a
 * value copied to another row does not open. Stored as `v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url):
 * the version and the key id let a later key rotation tell which key sealed a value.
 */

export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const KEY_ID = /^[0-9a-f]{8}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export interface SecretKey {
  /** Names the key in sealed values: 8 hex digits of its SHA-256 (says nothing about the key itself). */
  readonly id: string;
  readonly bytes: Buffer;
}

/** Why a value does not open: not a sealed value, sealed with another key, or altered (or another row's). */
export class SecretBoxError extends Error {
  constructor(
    readonly reason: 'format' | 'key' | 'integrity',
    message: string,
  ) {
    super(message);
  }
}

/** Canonical base64url only, so that no two texts decode to the same bytes. */
function decode(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** A key from its base64url text (32 bytes), or null when the text is not one. */
export function decodeSecretKey(text: string): SecretKey | null {
  const bytes = decode(text);
  if (!bytes || bytes.length !== SECRET_KEY_BYTES) return null;
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/** A new random key, as its base64url text. */
export const generateSecretKeyText = (): string => randomBytes(SECRET_KEY_BYTES).toString('base64url');

/** Whether a stored value is a sealed one (anything else is a value from before encryption). */
export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}:`);

/** The id of the key a sealed value names, or null for a value that is not sealed. */
export function sealedKeyId(stored: string): string | null {
  const [version, keyId] = stored.split(':');
  return version === VERSION && keyId !== undefined && KEY_ID.test(keyId) ? keyId : null;
}

export function seal(key: SecretKey, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return [VERSION, key.id, ...parts].join(':');
}

/** The plaintext of a sealed value of this context; throws SecretBoxError when it does not open. */
export function open(key: SecretKey, sealed: string, context: string): string {
  const parts = sealed.split(':');
  const [version, keyId, ivText, ciphertextText, tagText] = parts;
  if (parts.length !== 5 || version !== VERSION || keyId === undefined || !KEY_ID.test(keyId))
    throw new SecretBoxError('format', 'not a sealed value');
  if (keyId !== key.id)
    throw new SecretBoxError('key', `sealed with key ${keyId}, not with this key (${key.id})`);
  const iv = decode(ivText ?? '');
  const ciphertext = decode(ciphertextText ?? '');
  const tag = decode(tagText ?? '');
  if (!iv || iv.length !== IV_BYTES || !ciphertext || !tag || tag.length !== TAG_BYTES)
    throw new SecretBoxError('format', 'a sealed value with a malformed part');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('integrity', 'the sealed value was altered or belongs to another context');
  }
}
