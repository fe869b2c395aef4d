import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import { HOURLY_SECONDS, type ModuleWork } from '../../platform/jobs';
import type { RateLimits } from '../../platform/limits';
import { createBlobStore } from '../../platform/storage';
import { UploadService } from './upload.service';

/** The upload module as the composition root wires it: its service and the hourly clean-up. */
export interface UploadModule extends ModuleWork {
  service: UploadService;
}

/** Wires uploads once, on the storage driver the configuration names (UPLOAD_STORAGE). */
export function createUploads(deps: {
  ds: DataSource;
  config: Readonly<Config>;
  limits: RateLimits;
  logger: Logger;
  clock: Clock;
}): UploadModule {
  const { ds, config, limits, logger, clock } = deps;
  const store = createBlobStore(config, ds, clock, config.uploadStorage);
  const service = new UploadService(ds, config, limits, logger, clock, store);
  return {
    service,
    periodic: [
      {
        name: 'uploads.removeUnattached',
        everySeconds: HOURLY_SECONDS,
        run: () => service.removeUnattached(),
      },
    ],
  };
}
