import type { Generated } from 'kysely';

/** The uploads module's tables (migrations 0020, 0024). */
export interface UploadsTables {
  media_uploads: MediaUploadsTable;
}

/** A picture an operator uploaded, as the server re-encoded it; one row per distinct content. */
export interface MediaUploadsTable {
  id: Generated<number>;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploaded_by: number;
  created_at: number;
  /**
   * The last time it was stored, referenced or let go of (migration 0024): the sweep's grace period counts
   * from here, so a picture outlives the last reference to it by that period.
   */
  used_at: number;
}
