import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_KEYS } from '../db/lock-keys.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../test/harness.js';
import { defineJob, startJobs, type JobLog } from './runner.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recordingLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const log: JobLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe('jobs runner', () => {
  it('runs a periodic job again and again, never two runs at once, and waits for it on stop', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const job = defineJob({
      name: 'test.slow',
      mode: 'every-process',
      everyMs: 5,
      async run() {
        runs++;
        most = Math.max(most, ++running);
        await sleep(30);
        running--;
        finished++;
        return undefined;
      },
    });
    const runner = startJobs([job], { log: recordingLog().log, databaseUrl: undefined });
    await sleep(200);
    await runner.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(finished).toBe(runs); // stop waited for the run in progress
    const [status] = runner.status();
    expect(status).toMatchObject({ name: 'test.slow', active: false, runs, failures: 0 });
  });

  it('logs reports in one shape, failures at warn, and alerting failures at error', async () => {
    const { log, lines } = recordingLog();
    let n = 0;
    const runner = startJobs(
      [
        defineJob({
          name: 'test.report',
          mode: 'every-process',
          everyMs: 10,
          run: async () => ({ msg: 'did things', fields: { count: ++n } }),
        }),
        defineJob({
          name: 'test.flaky',
          mode: 'every-process',
          everyMs: 10,
          run: () => Promise.reject(new Error('boom')),
        }),
        defineJob({
          name: 'test.critical',
          mode: 'leader',
          everyMs: 10,
          alertOnFailure: true,
          run: () => Promise.reject(new Error('drift')),
        }),
      ],
      { log, databaseUrl: undefined },
    );
    await sleep(60);
    await runner.stop();
    expect(lines).toContainEqual({
      level: 'info',
      obj: expect.objectContaining({ job: 'test.report', count: 1, ms: expect.any(Number) }),
      msg: 'did things',
    });
    expect(lines).toContainEqual({
      level: 'warn',
      obj: expect.objectContaining({ job: 'test.flaky', err: expect.any(Error) }),
      msg: 'test.flaky failed; retrying',
    });
    expect(lines).toContainEqual({
      level: 'error',
      obj: expect.objectContaining({ job: 'test.critical', alert: true }),
      msg: 'test.critical failed to run',
    });
    // A failing job keeps its schedule.
    expect(runner.status().find((s) => s.name === 'test.flaky')?.failures).toBeGreaterThan(1);
  });

  it('refuses two jobs with one name', () => {
    const job = defineJob({
      name: 'test.twice',
      mode: 'every-process',
      everyMs: 1000,
      run: async () => undefined,
    });
    expect(() =>
      startJobs([job, job], { log: recordingLog().log, databaseUrl: undefined }),
    ).toThrow(/Two jobs are named test.twice/);
  });

  it('gives every advisory lock its own key', () => {
    const keys = Object.values(LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('leader jobs across processes', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it.runIf(usingPostgres)(
    'runs a leader job on one runner at a time and moves it when the leader stops',
    async () => {
      const ran: string[] = [];
      const everywhere: string[] = [];
      const runnerNamed = (who: string) =>
        startJobs(
          [
            defineJob({
              name: 'test.single',
              mode: 'leader',
              everyMs: 20,
              run: async () => {
                ran.push(who);
                return undefined;
              },
            }),
            defineJob({
              name: 'test.everywhere',
              mode: 'every-process',
              everyMs: 20,
              run: async () => {
                everywhere.push(who);
                return undefined;
              },
            }),
          ],
          { log: recordingLog().log, databaseUrl: db.url, leaderRetryMs: 50 },
        );
      const a = runnerNamed('a');
      await sleep(300);
      const b = runnerNamed('b');
      await sleep(300);
      expect(new Set(ran)).toEqual(new Set(['a']));
      expect(new Set(everywhere)).toEqual(new Set(['a', 'b']));
      await a.stop();
      ran.length = 0;
      await sleep(500);
      await b.stop();
      expect(new Set(ran)).toEqual(new Set(['b']));
    },
  );
});
