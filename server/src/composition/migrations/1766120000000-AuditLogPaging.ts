import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin audit log (issue 38) pages the whole trail newest first and filters it by action: both
 * walk an index from the cursor's position instead of sorting the table (it grows with every sign-in).
 */
export class AuditLogPaging1766120000000 implements MigrationInterface {
  name = 'AuditLogPaging1766120000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_audit_event_created ON audit_event (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_audit_event_action ON audit_event (action, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_audit_event_action`);
    await q.query(`DROP INDEX ix_audit_event_created`);
  }
}
