import { defineJob } from '../../jobs/runner.js';
import type { UploadsService } from './uploads.service.js';

/** Images picked but never submitted are kept a day, then deleted (docs/kyc.md). */
export const UNUSED_UPLOAD_RETENTION_MS = 24 * 3_600_000;

export function uploadsSweepJob(uploads: UploadsService) {
  return defineJob({
    name: 'uploads.sweep',
    mode: 'leader',
    everyMs: 3_600_000,
    async run() {
      const deleted = await uploads.sweep(UNUSED_UPLOAD_RETENTION_MS);
      return deleted === 0 ? undefined : { msg: 'unused uploads deleted', fields: { deleted } };
    },
  });
}
