// Issue 16: the sealing of operators' TOTP secrets (server/modules/operators/secret-box.ts), as pure
// functions: round trip, one IV per value, the format, and every way a value must refuse to open.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeSecretKey,
  generateSecretKeyText,
  isSealed,
  open,
  SecretBoxError,
  type SecretKey,
  seal,
  sealedKeyId,
} from '../../../server/modules/operators/secret-box';

const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const CONTEXT = 'operator_totp:42';
const keyOf = (text: string): SecretKey => {
  const key = decodeSecretKey(text);
  if (!key) throw new Error('not a key');
  return key;
};
const KEY = keyOf(Buffer.alloc(32, 1).toString('base64url'));
const OTHER = keyOf(Buffer.alloc(32, 2).toString('base64url'));

/** The reason `open` gives for refusing, or 'opened' when it does not refuse. */
function refusal(key: SecretKey, sealed: string, context = CONTEXT): string {
  try {
    open(key, sealed, context);
    return 'opened';
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    return err.reason;
  }
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** `text` with its last character's lowest bit flipped: unused bits here, so Node decodes the same bytes. */
function sibling(text: string): string {
  const twin = `${text.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(text.at(-1) as string) ^ 1]}`;
  expect(Buffer.from(twin, 'base64url').equals(Buffer.from(text, 'base64url'))).toBe(true);
  return twin;
}

/** The sealed value with one byte of its `index`th part (2: iv, 3: ciphertext, 4: tag) flipped. */
function flipByte(sealed: string, index: 2 | 3 | 4, at = 0): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[index] as string, 'base64url');
  bytes[at] = (bytes[at] as number) ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('secret box', () => {
  it('opens what it sealed, with its context and key', () => {
    const sealed = seal(KEY, SECRET, CONTEXT);
    expect(open(KEY, sealed, CONTEXT)).toBe(SECRET);
    expect(open(KEY, seal(KEY, 'ünïcødé ✓', CONTEXT), CONTEXT)).toBe('ünïcødé ✓');
    expect(open(KEY, seal(KEY, '', CONTEXT), CONTEXT)).toBe('');
  });

  it('writes v1:<key id>:<iv>:<ciphertext>:<tag>, the secret nowhere in it, a new IV each time', () => {
    const sealed = seal(KEY, SECRET, CONTEXT);
    const [version, keyId, iv, ciphertext, tag, ...rest] = sealed.split(':');
    expect(version).toBe('v1');
    expect(keyId).toBe(KEY.id);
    expect(keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(Buffer.from(iv as string, 'base64url')).toHaveLength(12);
    expect(Buffer.from(ciphertext as string, 'base64url')).toHaveLength(SECRET.length);
    expect(Buffer.from(tag as string, 'base64url')).toHaveLength(16);
    expect(rest).toEqual([]);
    expect(sealed).not.toContain(SECRET);
    expect(sealed.toUpperCase()).not.toContain(SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(KEY.id);
    // Same key, same secret, same context: nothing in common but the key id (a reused IV would leak).
    const again = seal(KEY, SECRET, CONTEXT);
    expect(again).not.toBe(sealed);
    expect(again.split(':')[2]).not.toBe(iv);
    expect(again.split(':')[3]).not.toBe(ciphertext);
    // Fits the widened column (0022: varchar(255)).
    expect(sealed.length).toBeLessThanOrEqual(255);
  });

  it('refuses another key, even one passed off under the right key id', () => {
    const sealed = seal(KEY, SECRET, CONTEXT);
    expect(refusal(OTHER, sealed)).toBe('key');
    expect(refusal({ id: KEY.id, bytes: OTHER.bytes }, sealed)).toBe('integrity');
  });

  it('refuses a value of another context: a secret copied to another row does not open', () => {
    const sealed = seal(KEY, SECRET, 'operator_totp:42');
    expect(refusal(KEY, sealed, 'operator_totp:43')).toBe('integrity');
    expect(refusal(KEY, sealed, 'operator_totp:420')).toBe('integrity');
    expect(refusal(KEY, sealed, '')).toBe('integrity');
  });

  it('refuses an altered IV, ciphertext or tag, one bit anywhere', () => {
    const sealed = seal(KEY, SECRET, CONTEXT);
    expect(refusal(KEY, flipByte(sealed, 2))).toBe('integrity');
    expect(refusal(KEY, flipByte(sealed, 2, 11))).toBe('integrity');
    expect(refusal(KEY, flipByte(sealed, 3))).toBe('integrity');
    expect(refusal(KEY, flipByte(sealed, 3, SECRET.length - 1))).toBe('integrity');
    expect(refusal(KEY, flipByte(sealed, 4))).toBe('integrity');
    expect(refusal(KEY, flipByte(sealed, 4, 15))).toBe('integrity');
    // Parts swapped, a ciphertext cut short or grown, another value's tag.
    const [v, id, iv, ct, tag] = sealed.split(':') as [string, string, string, string, string];
    const other = seal(KEY, SECRET, CONTEXT).split(':');
    expect(refusal(KEY, [v, id, iv, ct, other[4]].join(':'))).toBe('integrity');
    expect(refusal(KEY, [v, id, other[2], ct, tag].join(':'))).toBe('integrity');
    const shorter = Buffer.from(ct, 'base64url').subarray(1).toString('base64url');
    expect(refusal(KEY, [v, id, iv, shorter, tag].join(':'))).toBe('integrity');
    const longer = Buffer.concat([Buffer.from(ct, 'base64url'), Buffer.from([0])]).toString('base64url');
    expect(refusal(KEY, [v, id, iv, longer, tag].join(':'))).toBe('integrity');
  });

  it('refuses malformed values: wrong version, parts, lengths, characters, or non-canonical base64url', () => {
    const sealed = seal(KEY, SECRET, CONTEXT);
    const [, id, iv, ct, tag] = sealed.split(':') as [string, string, string, string, string];
    const malformed = [
      SECRET,
      '',
      `v2:${id}:${iv}:${ct}:${tag}`,
      `v1:${id}:${iv}:${ct}`,
      `v1:${id}:${iv}:${ct}:${tag}:x`,
      `v1:${id.toUpperCase()}:${iv}:${ct}:${tag}`,
      `v1:${id}:${iv.slice(1)}:${ct}:${tag}`,
      `v1:${id}:${iv}:${ct}:${tag.slice(2)}`,
      `v1:${id}:${iv}:${ct}:${Buffer.from(tag, 'base64url').toString('base64')}=`,
      `v1:${id}:${iv}:${ct}+/:${tag}`,
    ];
    for (const value of malformed) expect([value, refusal(KEY, value)]).not.toEqual([value, 'opened']);
    expect(refusal(KEY, `v2:${id}:${iv}:${ct}:${tag}`)).toBe('format');
    expect(refusal(KEY, `v1:${id}:${iv.slice(1)}:${ct}:${tag}`)).toBe('format');
    // The tag's and the ciphertext's last characters carry unused bits: a text that decodes to the same
    // bytes is still another value, refused rather than opened.
    expect(refusal(KEY, `v1:${id}:${iv}:${ct}:${sibling(tag)}`)).toBe('format');
    expect(refusal(KEY, `v1:${id}:${iv}:${sibling(ct)}:${tag}`)).toBe('format');
    expect(isSealed(SECRET)).toBe(false);
    expect(sealedKeyId(SECRET)).toBeNull();
    expect(sealedKeyId('v1:XYZ:a:b:c')).toBeNull();
  });

  it('takes a key only as 32 bytes of canonical base64url, and names it by a stable id', () => {
    const text = generateSecretKeyText();
    expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSecretKeyText()).not.toBe(text);
    const key = keyOf(text);
    expect(key.bytes).toHaveLength(32);
    expect(keyOf(text).id).toBe(key.id);
    expect(KEY.id).not.toBe(OTHER.id);
    const bytes = randomBytes(32);
    for (const bad of [
      '',
      randomBytes(31).toString('base64url'),
      randomBytes(33).toString('base64url'),
      randomBytes(16).toString('hex'),
      `${bytes.toString('base64url')}=`,
      bytes.toString('base64').replace(/=+$/, '').replace(/[^+/]/, '+'),
      `${bytes.toString('base64url').slice(0, 42)}!`,
    ])
      expect(decodeSecretKey(bad), bad).toBeNull();
    // 43 characters carry 258 bits: the last one's 2 spare bits must be zero (one text per key).
    expect(decodeSecretKey(sibling(bytes.toString('base64url')))).toBeNull();
  });
});
