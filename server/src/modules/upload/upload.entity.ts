import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A stored proof image. The bytes live at `UPLOAD_DIR/<id>` (never under a user-chosen name);
 * the row records who uploaded it and what it is, so links and ownership checks need no disk.
 */
@Entity({ name: 'upload' })
export class Upload {
  /** Chosen by the server before the file is written, so the file can be renamed into place. */
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'owner_id', type: 'uuid' }) ownerId: string;
  /** Detected from the file's magic bytes, never taken from the client. */
  @Column({ name: 'content_type', type: 'varchar', length: 64 }) contentType: string;
  @Column({ name: 'size_bytes', type: 'int' }) sizeBytes: number;
  @Column({ type: 'char', length: 64 }) sha256: string;
  /**
   * When it was stored (from the clock), moved forward whenever its owner attaches it: the
   * clean-up removes an upload nothing refers to a day after this.
   */
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
