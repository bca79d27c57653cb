import { defineJob, type Job, type JobLog } from '../../../jobs/runner.js';
import type { ChainService } from './chain.service.js';

/**
 * The chain watcher, on one node at a time (`leader`): two scanners would only waste the node's
 * time — the database already makes a second one harmless (cursor checked under a row lock,
 * credits claimed once) — but one is what the node's rate limits expect.
 */
export function chainJobs(chain: ChainService, pollMs: number, log: JobLog): Job[] {
  const watcher = chain.watcher(log);
  if (!watcher) return [];
  let checked = false;
  return [
    defineJob({
      name: 'chain.watch',
      mode: 'leader',
      everyMs: pollMs,
      async run(ctx) {
        if (!checked) {
          await chain.checkNode();
          checked = true;
        }
        const r = await watcher.pass({ stopping: () => ctx.stopping() });
        if (r.ranges === 0 && r.credited === 0 && r.rewound === 0) return undefined;
        return {
          msg: 'chain scanned',
          level: r.rewound > 0 ? 'warn' : 'info',
          fields: {
            head: r.head.toString(),
            cursor: r.cursor.toString(),
            blocks: r.blocks,
            transfers: r.transfers,
            recorded: r.recorded,
            rewound: r.rewound,
            credited: r.credited,
          },
        };
      },
    }),
  ];
}
