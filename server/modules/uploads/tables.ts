import type { Generated } from 'kysely';

/** The uploads module's tables (migration 0020). */
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
}
