import pg from 'pg';

export interface LeaderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LeaderCallbacks {
  /** This process now holds the lock: start the singleton work. */
  onElected(): void;
  /** The lock is lost (its connection died) or released: stop the work at once. */
  onDeposed(): void;
}

export interface Leadership {
  isLeader(): boolean;
  /** Releases the lock (if held) and stops campaigning. */
  stop(): Promise<void>;
}

/**
 * Elects one process per database for a singleton job (the market feed) with a PostgreSQL
 * session-level advisory lock, held on a dedicated connection outside the pool. Every process
 * campaigns: the one whose `pg_try_advisory_lock` succeeds leads until its connection ends, and
 * the others try again every `retryMs`. The leader checks its connection on the same period, so
 * a leader cut off from the database notices and stops within about `retryMs`; PostgreSQL frees
 * the lock when the session ends, and a follower takes over.
 *
 * Two leaders can overlap only for the moment between a lock being freed and the old leader
 * noticing; the tick chain's unique `(symbol, prev_hash)` refuses the loser's ticks, so even
 * then the chain cannot fork.
 *
 * Without `databaseUrl` (embedded PGlite) the data-directory lock already makes this process the
 * only one, so it leads at once.
 */
export function campaignForLeadership(opts: {
  databaseUrl: string | undefined;
  key: number;
  callbacks: LeaderCallbacks;
  log: LeaderLog;
  retryMs?: number;
}): Leadership {
  const { callbacks, log, key } = opts;
  const retryMs = opts.retryMs ?? 5_000;
  let leading = false;
  let stopped = false;

  const elect = () => {
    if (leading || stopped) return;
    leading = true;
    log.info({ key }, 'elected leader');
    callbacks.onElected();
  };
  const depose = (reason: string) => {
    if (!leading) return;
    leading = false;
    if (reason === 'stopped') log.info({ key }, 'leadership released');
    else log.warn({ key, reason }, 'leadership lost');
    callbacks.onDeposed();
  };

  if (opts.databaseUrl === undefined) {
    elect();
    return {
      isLeader: () => leading,
      stop: () => {
        stopped = true;
        depose('stopped');
        return Promise.resolve();
      },
    };
  }

  const url = opts.databaseUrl;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const dropClient = async () => {
    const c = client;
    client = undefined;
    if (c) await c.end().catch(() => undefined);
  };

  async function attempt(): Promise<void> {
    if (stopped) return;
    try {
      if (!client) {
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: 5_000,
          application_name: 'ampere-leader',
        });
        // A dead session frees the lock server-side: whoever held it is no longer the leader.
        c.on('error', (error) => {
          if (client === c) client = undefined;
          depose(error.message);
        });
        c.on('end', () => {
          if (client === c) client = undefined;
          depose('connection ended');
        });
        await c.connect();
        client = c;
      }
      if (leading) {
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      );
      if (rows[0]?.locked) elect();
    } catch (error) {
      depose((error as Error).message);
      await dropClient();
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = attempt().finally(schedule);
    }, retryMs);
    timer.unref();
  };
  round = attempt().finally(schedule);

  return {
    isLeader: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
      depose('stopped');
      // Ending the session releases the lock; a follower takes over on its next try.
      await dropClient();
    },
  };
}
