// http_ece 1.2.0 ships no types; the tests use it only to decrypt aes128gcm bodies (RFC 8188 / RFC 8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
