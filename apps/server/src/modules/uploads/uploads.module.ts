import path from 'node:path';
import { createSealedBox } from '../../crypto/sealed.js';
import { defineModule } from '../module.js';
import { uploadsSweepJob } from './uploads.jobs.js';
import { uploadsRoutes } from './uploads.routes.js';
import { createUploadsService, type UploadsService } from './uploads.service.js';
import { createUrlSigner } from './signing.js';
import { createLocalBlobStore } from './storage.js';

/** Hardened image uploads (issue #16): the store, the signer and the limits from settings. */
export const uploadsModule = defineModule({
  name: 'uploads',
  create: ({ db, env, now }) => {
    const clock = now ?? (() => new Date());
    return createUploadsService({
      db,
      store: createLocalBlobStore(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads')),
      signer: createUrlSigner({
        box: createSealedBox({ key: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR }),
        ttlS: env.UPLOAD_URL_TTL_S,
        now: clock,
      }),
      limits: {
        maxPixels: env.UPLOAD_MAX_PIXELS,
        perHour: env.UPLOADS_PER_HOUR,
        quotaBytes: env.UPLOAD_QUOTA_BYTES,
      },
      now: clock,
    });
  },
  routes: uploadsRoutes,
  jobs: ({ uploads }: { uploads: UploadsService }) => [uploadsSweepJob(uploads)],
});
