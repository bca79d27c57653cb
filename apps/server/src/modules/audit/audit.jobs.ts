import fs from 'node:fs';
import path from 'node:path';
import { defineJob } from '../../jobs/runner.js';
import type { AuditService } from './audit.service.js';

/** The append-only file of recorded audit heads under DATA_DIR: one JSON line each. */
export const AUDIT_HEADS_FILE = 'audit-heads.jsonl';

/**
 * Records the audit chain's head every `everyMs` on the jobs leader when the chain grew: a row
 * in audit_head, signed with the chain-signing key, and a line in DATA_DIR/audit-heads.jsonl,
 * outside the database's reach (docs/backoffice.md).
 */
export function auditHeadsJob(opts: {
  audit: AuditService;
  sign: (message: string) => string;
  dataDir: string;
  everyMs: number;
}) {
  return defineJob({
    name: 'audit.heads',
    mode: 'leader',
    everyMs: opts.everyMs,
    async run() {
      const head = await opts.audit.recordHead(opts.sign);
      if (!head) return undefined;
      await fs.promises.mkdir(opts.dataDir, { recursive: true });
      await fs.promises.appendFile(
        path.join(opts.dataDir, AUDIT_HEADS_FILE),
        JSON.stringify(head) + '\n',
        { flag: 'a', mode: 0o644 },
      );
      return { msg: 'audit head recorded', fields: { entries: head.entries, hash: head.hash } };
    },
  });
}
