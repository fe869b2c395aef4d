import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 36): users' endpoints (URL, events, scope, the sealed signing secret and the one
 * before its last rotation, whether it is failing or disabled) and the deliveries of events to
 * them (the webhook-id, the payload, the attempts with the claim's lease, the next attempt's time
 * and the pg-boss job that makes it, the last answer). Indexes: an owner's endpoints, the
 * all-accounts endpoints every event batch looks up, an endpoint's latest deliveries (the log and
 * its pruning), and the deliveries still waiting (the stranded-row sweep).
 */
export class Webhooks1765929600000 implements MigrationInterface {
  name = 'Webhooks1765929600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoint (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        description varchar(200) NOT NULL DEFAULT '',
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        scope varchar(8) NOT NULL DEFAULT 'OWN' CHECK (scope IN ('OWN', 'ALL')),
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason varchar(300),
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_webhook_endpoint_user ON webhook_endpoint (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX ix_webhook_endpoint_all ON webhook_endpoint (user_id) WHERE scope = 'ALL' AND enabled`);
    await q.query(`
      CREATE TABLE webhook_delivery (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoint(id) ON DELETE CASCADE,
        event_type varchar(40) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        redelivery boolean NOT NULL DEFAULT false,
        lease_until timestamptz,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        response_status int,
        last_error varchar(300),
        job_id uuid,
        created_at timestamptz NOT NULL,
        delivered_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX ix_webhook_delivery_endpoint ON webhook_delivery (endpoint_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX ix_webhook_delivery_waiting ON webhook_delivery (next_attempt_at) WHERE status IN ('queued', 'sending')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS webhook_delivery`);
    await q.query(`DROP TABLE IF EXISTS webhook_endpoint`);
  }
}
