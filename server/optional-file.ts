import { readFile } from 'node:fs/promises';

/**
 * A file's text, or null when there is none (the key files the server makes on its first start: the operators'
 * secret key, the audit key, the VAPID pair). Any other failure, a permission refused say, is thrown.
 */
export async function readOptionalFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
