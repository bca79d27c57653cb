import { performance } from 'node:perf_hooks';
import { campaignForLeadership, type Leadership } from '../db/leader.js';
import { LEADER_GROUPS, type LeaderGroup } from '../db/lock-keys.js';

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one run has to say; the runner writes it in the one log shape `{ job, ms, …fields }`. */
export interface JobReport {
  msg: string;
  level?: 'info' | 'warn' | 'error';
  /** Monitoring pages on `alert: true`. */
  alert?: boolean;
  fields?: Record<string, unknown>;
}

export interface JobContext {
  log: JobLog;
  /** True once the runner is stopping or this node lost the lead: finish the current step. */
  stopping(): boolean;
}

interface JobBase {
  /** `<module>.<what>`, unique: it names the job in logs, metrics and `ops status`. */
  name: string;
  /**
   * `every-process`: every node runs it (the work is shared safely, e.g. SKIP LOCKED claims).
   * `leader`: one node at a time — the leader of its group (default `jobs`).
   */
  mode: 'every-process' | 'leader';
  group?: LeaderGroup;
}

/** Runs every `everyMs`; a run never overlaps the previous one (a tick that finds it busy skips). */
export interface PeriodicJob extends JobBase {
  everyMs: number;
  run(ctx: JobContext): Promise<JobReport | undefined>;
  /** A failed run is logged at error level with `alert: true` (default: warn, retried). */
  alertOnFailure?: boolean;
}

/** Runs continuously while active (a feed): started on election, stopped on shutdown or loss. */
export interface ContinuousJob extends JobBase {
  start(ctx: JobContext): { stop(): Promise<void> };
}

export type Job = PeriodicJob | ContinuousJob;

/** Declares a job; modules list theirs in their manifest, the runner starts them all. */
export function defineJob<J extends Job>(job: J): J {
  return job;
}

export interface JobRunEvent {
  job: string;
  ms: number;
  ok: boolean;
}

export interface JobStatus {
  name: string;
  mode: Job['mode'];
  /** Whether it runs on this node now (a leader job runs only on its group's leader). */
  active: boolean;
  runs: number;
  failures: number;
  lastRunAtMs: number | null;
  /** When a run last finished without failing (the metrics' job age). */
  lastOkAtMs: number | null;
  lastMs: number | null;
}

export interface JobRunner {
  status(): JobStatus[];
  /** Per leader group with a job on this node: whether this node leads it now. */
  leaders(): Record<string, boolean>;
  /** Stops every job and waits for runs in progress; releases leadership. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  log: JobLog;
  /** PostgreSQL URL for leader elections; absent on the embedded database (always leader). */
  databaseUrl: string | undefined;
  /** How often followers try for a lead and a leader checks it still holds it. */
  leaderRetryMs?: number;
  /** Called after every periodic run (metrics). */
  onRun?: (event: JobRunEvent) => void;
}

interface Handle {
  stop(): Promise<void>;
}

function startPeriodic(
  job: PeriodicJob,
  ctx: JobContext,
  status: JobStatus,
  opts: RunnerOptions,
): Handle {
  let running: Promise<void> | undefined;
  let stopped = false;
  const once = async () => {
    const started = performance.now();
    let ok = true;
    try {
      const report = await job.run(ctx);
      if (report) {
        const fields = { job: job.name, ms: Math.round(performance.now() - started) };
        const line = { ...fields, ...report.fields, ...(report.alert ? { alert: true } : {}) };
        opts.log[report.level ?? 'info'](line, report.msg);
      }
    } catch (error) {
      ok = false;
      status.failures++;
      if (job.alertOnFailure)
        opts.log.error({ job: job.name, alert: true, err: error }, `${job.name} failed to run`);
      else opts.log.warn({ job: job.name, err: error }, `${job.name} failed; retrying`);
    }
    const ms = performance.now() - started;
    status.runs++;
    status.lastRunAtMs = Date.now();
    if (ok) status.lastOkAtMs = status.lastRunAtMs;
    status.lastMs = Math.round(ms);
    opts.onRun?.({ job: job.name, ms, ok });
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = once().finally(() => {
      running = undefined;
    });
  }, job.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Starts every job: `every-process` ones at once, `leader` ones whenever this node leads their
 * group (one election per group, db/leader.ts). One place stops them all on shutdown.
 */
export function startJobs(jobs: readonly Job[], opts: RunnerOptions): JobRunner {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    names.add(job.name);
  }
  const statuses = new Map<string, JobStatus>(
    jobs.map((job) => [
      job.name,
      {
        name: job.name,
        mode: job.mode,
        active: false,
        runs: 0,
        failures: 0,
        lastRunAtMs: null,
        lastOkAtMs: null,
        lastMs: null,
      },
    ]),
  );
  const statusOf = (job: Job): JobStatus => {
    const status = statuses.get(job.name);
    if (!status) throw new Error(`job ${job.name} was not given to startJobs`);
    return status;
  };

  /** Starts a set of jobs; the returned stop ends them (in reverse order) and waits. */
  const startAll = (group: readonly Job[]) => {
    let stopping = false;
    const ctx: JobContext = { log: opts.log, stopping: () => stopping };
    const handles = group.map((job): Handle => {
      statusOf(job).active = true;
      return 'run' in job ? startPeriodic(job, ctx, statusOf(job), opts) : job.start(ctx);
    });
    return async () => {
      stopping = true;
      for (const job of group) statusOf(job).active = false;
      const results = await Promise.allSettled(handles.reverse().map((h) => h.stop()));
      for (const r of results)
        if (r.status === 'rejected')
          opts.log.warn({ err: r.reason as unknown }, 'a job failed to stop');
    };
  };

  const stopEveryProcess = startAll(jobs.filter((job) => job.mode === 'every-process'));

  const byGroup = new Map<LeaderGroup, Job[]>();
  for (const job of jobs) {
    if (job.mode !== 'leader') continue;
    const group = job.group ?? 'jobs';
    byGroup.set(group, [...(byGroup.get(group) ?? []), job]);
  }
  const elections: { group: LeaderGroup; leadership: Leadership; stopLed(): Promise<void> }[] = [];
  for (const [group, led] of byGroup) {
    let stopLed: (() => Promise<void>) | undefined;
    let pending: Promise<void> = Promise.resolve();
    const leadership = campaignForLeadership({
      databaseUrl: opts.databaseUrl,
      key: LEADER_GROUPS[group],
      log: {
        info: (o, m) => {
          opts.log.info({ group, ...o }, m);
        },
        warn: (o, m) => {
          opts.log.warn({ group, ...o }, m);
        },
      },
      ...(opts.leaderRetryMs === undefined ? {} : { retryMs: opts.leaderRetryMs }),
      callbacks: {
        onElected: () => {
          stopLed = startAll(led);
        },
        onDeposed: () => {
          const stop = stopLed;
          stopLed = undefined;
          // Losing the lock stops the group's jobs at once; shutdown waits for it below.
          if (stop) pending = pending.then(stop);
        },
      },
    });
    elections.push({
      group,
      leadership,
      stopLed: async () => {
        await pending;
        await stopLed?.();
        stopLed = undefined;
      },
    });
  }

  return {
    status: () => [...statuses.values()].map((s) => ({ ...s })),
    leaders: () => Object.fromEntries(elections.map((e) => [e.group, e.leadership.isLeader()])),
    async stop() {
      for (const e of elections) await e.leadership.stop();
      for (const e of elections) await e.stopLed();
      await stopEveryProcess();
    },
  };
}
