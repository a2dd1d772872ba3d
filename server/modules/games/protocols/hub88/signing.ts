import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/*
 * Hub88's request signing (docs.hub88.io, "Request signing"): the base64 RSA-SHA256 (PKCS #1 v1.5) signature
 * of the raw body with the sender's private key, in X-Hub88-Signature; the receiver checks the exact bytes
 * it received with the sender's public key. Keys are PEM, as Hub88's own examples make them (RSA 2048).
 */

// A PEM parsed once per process: parsing costs more than the check itself.
const parsed = new Map<string, KeyObject>();
function keyOf(pem: string, kind: 'public' | 'private'): KeyObject {
  const cacheKey = `${kind}:${pem}`;
  let key = parsed.get(cacheKey);
  if (!key) {
    key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
    parsed.set(cacheKey, key);
  }
  return key;
}

/** The X-Hub88-Signature of `body` with a private key. */
export const signHub88 = (privateKeyPem: string, body: string): string =>
  sign('sha256', Buffer.from(body, 'utf8'), keyOf(privateKeyPem, 'private')).toString('base64');

/** Whether `signature` is the body's signature by one of these public keys (a rotation's two, say). */
export function verifiesHub88(
  publicKeysPem: readonly string[],
  body: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const bytes = Buffer.from(signature, 'base64');
  const data = Buffer.from(body, 'utf8');
  return publicKeysPem.some((pem) => {
    try {
      return verify('sha256', data, keyOf(pem, 'public'), bytes);
    } catch {
      // A key that does not parse checks nothing; the console refuses one when it is added.
      return false;
    }
  });
}

/** Whether a text is a PEM key of this kind (the console checks a key before storing it). */
export function isPemKey(pem: string, kind: 'public' | 'private'): boolean {
  try {
    const key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
    return key.asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}
