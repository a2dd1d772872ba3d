import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/create-db';
import type { AuditKeyring } from './keys';

/*
 * A checkpoint (decision 0044): every chain's head (sequence number and hash) and switch point at one
 * moment, signed with the audit key. The operator keeps it outside the database; `audit:verify --checkpoint`
 * then refuses a chain that is shorter than it, disagrees with it at its head, or is gone: what a rewrite
 * by someone holding the database alone cannot hide, since they can neither sign a new checkpoint nor reach
 * the stored one.
 */

const chainSchema = z.object({
  chain: z.number().int().nonnegative(),
  seq: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The chain's switch point (audit_legacy): 0 when every row is keyed. */
  legacySeq: z.number().int().nonnegative(),
});

const checkpointSchema = z.object({
  version: z.literal(1),
  at: z.number().int(),
  keyId: z.string().regex(/^[0-9a-f]{8}$/),
  chains: z.array(chainSchema),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});

export type Checkpoint = z.infer<typeof checkpointSchema>;
export type CheckpointChain = z.infer<typeof chainSchema>;

/** The file is not a checkpoint, or not one signed with a key of the keyring. */
export class CheckpointError extends Error {}

const macOf = (key: Buffer, c: Omit<Checkpoint, 'mac'>): string =>
  createHmac('sha256', key)
    .update(
      JSON.stringify([
        'audit.checkpoint.v1',
        c.at,
        c.keyId,
        c.chains.map((h) => [h.chain, h.seq, h.hash, h.legacySeq]),
      ]),
    )
    .digest('hex');

/** Every chain's head and switch point now, signed with the current key. */
export async function takeCheckpoint(db: Db, keyring: AuditKeyring, now: number): Promise<Checkpoint> {
  const [heads, legacy] = await Promise.all([
    db.selectFrom('audit_heads').selectAll().where('seq', '>', 0).orderBy('chain').execute(),
    db.selectFrom('audit_legacy').selectAll().execute(),
  ]);
  const legacyOf = new Map(legacy.map((l) => [l.chain, l.seq]));
  const chains = heads.map((h) => ({
    chain: h.chain,
    seq: h.seq,
    hash: h.hash,
    legacySeq: legacyOf.get(h.chain) ?? 0,
  }));
  const body = { version: 1 as const, at: now, keyId: keyring.current.id, chains };
  return { ...body, mac: macOf(keyring.current.bytes, body) };
}

/** A checkpoint's text, parsed and its signature checked with the key it names. */
export function readCheckpoint(text: string, keyring: AuditKeyring): Checkpoint {
  let parsed: Checkpoint;
  try {
    parsed = checkpointSchema.parse(JSON.parse(text));
  } catch {
    throw new CheckpointError('not an audit checkpoint');
  }
  const key = keyring.byId.get(parsed.keyId);
  if (!key)
    throw new CheckpointError(
      `signed with audit key ${parsed.keyId}, which is neither AUDIT_KEY nor a previous one`,
    );
  const expected = Buffer.from(macOf(key.bytes, parsed), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(parsed.mac, 'hex')))
    throw new CheckpointError('its signature does not match: the checkpoint was altered');
  return parsed;
}
