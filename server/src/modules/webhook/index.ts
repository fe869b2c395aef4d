/** Public face of modules/webhook: users' signed webhook endpoints, the events they receive, their deliveries and the address guard. Other folders import only this file. */
export { WEBHOOK_SEALED_COLUMNS } from './endpoint-secrets';
export * from './retry-schedule';
export * from './target-guard';
export * from './webhook-deliveries';
export * from './webhook-delivery.entity';
export * from './webhook-endpoint.entity';
export * from './webhook-events';
export * from './webhook-input';
export * from './webhook-payload';
export * from './webhook-signature';
export * from './webhook.module';
export * from './webhook.service';
