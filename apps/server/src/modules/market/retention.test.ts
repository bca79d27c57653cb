import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSuperuser,
  createTestDatabase,
  dbErrorOf,
  type TestDatabase,
} from '../../test/harness.js';
import { createMarketService } from './market.service.js';
import { pruneMarketData } from './retention.js';

const T0 = Date.UTC(2026, 9, 1, 8, 0, 0);
const DAY_MS = 86_400_000;

describe('market data retention', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('prunes old ticks into recorded gaps, keeps referenced ticks, and the chain still verifies', async () => {
    const now = T0 + 40 * DAY_MS;
    const market = createMarketService({ db: db.database.db, now: () => now });
    const ids: bigint[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push((await market.recordTick('BTC/USDT', T0 + i * 1_000, 9_700_000n + BigInt(i), 2)).id);
    }
    for (let i = 0; i < 3; i++) await market.recordTick('BTC/USDT', now - 3_000 + i, 9_800_000n, 2);
    // An order-like table pointing at the fourth tick.
    await db.database.db.execute(sql`create table retention_test_order (entry_tick_id bigint)`);
    await db.database.db.execute(sql`insert into retention_test_order values (${ids[3]})`);
    const references = [{ table: 'retention_test_order', column: 'entry_tick_id' }];

    const report = await pruneMarketData({
      db: db.database.db,
      nowMs: now,
      retentionMs: 30 * DAY_MS,
      references,
      batch: 4,
    });
    // Ticks 0–2 and 4–9 go (9), in batches of four: [0–2], [4–7], [8–9].
    expect(report).toMatchObject({ ticksPruned: 9, gapsRecorded: 3 });
    expect(report.candlesPruned).toBeGreaterThanOrEqual(10); // the old 1-second candles

    const verdict = await market.verify('BTC/USDT', undefined, 1_000);
    expect(verdict).toMatchObject({ ok: true, checked: 4, pruned: 9, broken: null });
    expect(verdict?.first?.id).toBe(ids[3]?.toString());
    // From the kept tick on: anchored at its own predecessor.
    expect(await market.verify('BTC/USDT', ids[3], 1_000)).toMatchObject({ ok: true, checked: 4 });

    // Nothing more to do on a second run.
    expect(
      await pruneMarketData({
        db: db.database.db,
        nowMs: now,
        retentionMs: 30 * DAY_MS,
        references,
      }),
    ).toMatchObject({ ticksPruned: 0, gapsRecorded: 0 });

    // A tick no recorded gap covers cannot be deleted…
    const remove = sql`delete from tick where id = ${ids[3]}`;
    expect(await dbErrorOf(db.database.db.execute(remove))).toMatch(/append-only/);
    // …and one removed behind retention's back (triggers off) breaks the chain where it was.
    await asSuperuser(db.database, remove);
    const broken = await market.verify('BTC/USDT', undefined, 1_000);
    expect(broken).toMatchObject({ ok: false, broken: { reason: 'link' } });
  });

  it('keeps minute candles and everything recent', async () => {
    const rows = await db.database.db.execute(
      sql`select interval, count(*)::int as n from candle where symbol = 'BTC/USDT' group by interval order by interval`,
    );
    const counts = Object.fromEntries(
      (rows as { rows: { interval: string; n: number }[] }).rows.map((r) => [r.interval, r.n]),
    );
    expect(counts['1Min']).toBeGreaterThanOrEqual(2);
    expect(counts['1s']).toBe(1); // only the recent second (its three ticks share it)
  });
});
