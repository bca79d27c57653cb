import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { asSuperuser, createTestApp, dbErrorOf, type TestApp } from '../../test/harness.js';
import { tickHash } from './chain.js';
import { createChainSigner, HEADS_FILE, SIGNING_KEY_FILE, verifyHead } from './chain-signing.js';

/**
 * Issue #23: ticks and heads could be rewritten quietly by anyone with the database. Now the
 * tables are append-only, and every chain head is signed with a key the database does not hold
 * and appended to a file: a user who saved a head proves a later rewrite with the 20-line
 * verifier of docs/market.md (docs/verify-chain.mjs), run here as a user would run it.
 */
const VERIFIER = fileURLToPath(new URL('../../../../../docs/verify-chain.mjs', import.meta.url));
const SYMBOL = 'SOL/USDT';
const START_MS = Date.parse('2026-11-25T08:00:00Z');

async function runVerifier(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, ...args]);
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? -1, out: (e.stdout ?? '').trim() };
  }
}

describe('a chain that cannot be rewritten quietly', () => {
  let t: TestApp;
  let dir: string;
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-proof-'));
    for (let i = 0; i < 20; i++)
      await t.app.services.market.recordTick(SYMBOL, START_MS + i * 500, 180_000n + BigInt(i), 3);
    expect(await t.app.services.market.publishHeads(START_MS + 60_000)).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The answers' shapes are the contract's; the test reads them as a user's script would.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read as by a user
  const get = async (url: string): Promise<any> =>
    (await t.app.inject({ url: `/api/v1/${url}` })).json();

  it('signs every head with the key common/base publishes, and appends it to the heads file', async () => {
    const heads = await get(`market/chain/heads?symbol=${SYMBOL}`);
    const base = await get('common/base');
    expect(heads.data.publicKey).toBe(base.data.chainPublicKey);
    expect(Buffer.from(base.data.chainPublicKey as string, 'base64')).toHaveLength(32);
    const [head] = heads.data.items;
    expect(head).toMatchObject({ symbol: SYMBOL, minuteMs: START_MS + 60_000 });
    expect(verifyHead(base.data.chainPublicKey, head, head.signature)).toBe(true);

    const lines = fs
      .readFileSync(path.join(t.dataDir, HEADS_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toContainEqual(head);
  });

  it('refuses to change or remove heads, gaps and ticks through the database', async () => {
    const { db } = t.database;
    for (const statement of [
      sql`update chain_head set hash = 'x'`,
      sql`delete from chain_head`,
      sql`truncate chain_head`,
      sql`update tick set price_minor = 1 where symbol = ${SYMBOL}`,
      sql`delete from tick where symbol = ${SYMBOL}`,
      sql`truncate tick cascade`,
      sql`truncate tick_gap`,
    ])
      expect(await dbErrorOf(db.execute(statement))).toMatch(/append-only/);
    await db.execute(
      sql`insert into tick_gap (symbol, first_id, last_id, count, first_time_ms, last_time_ms, prev_hash, last_hash, pruned_at_ms)
          values ('EV/USD', 1, 1, 1, 0, 0, 'a', 'b', 0)`,
    );
    expect(await dbErrorOf(db.execute(sql`delete from tick_gap`))).toMatch(/append-only/);
    expect(await dbErrorOf(db.execute(sql`update tick_gap set count = 2`))).toMatch(/append-only/);
  });

  it('lets a user re-check a receipt’s range in one call with the standalone verifier', async () => {
    const head = (await get(`market/chain/heads?symbol=${SYMBOL}`)).data.items[0];
    const answer = await get(`market/chain/verify?symbol=${SYMBOL}&to=${head.tickId}`);
    expect(answer.data).toMatchObject({ ok: true, checked: 20 });
    expect(answer.data.ticks).toHaveLength(20);
    const key = (await get('common/base')).data.chainPublicKey as string;

    const clean = await runVerifier([write('answer.json', answer), write('head.json', head), key]);
    expect(clean).toEqual({ code: 0, out: 'ok: 20 ticks verified' });

    // A changed price in the answer does not hash.
    const forged = structuredClone(answer);
    forged.data.ticks[7].price = '999.000';
    expect((await runVerifier([write('forged.json', forged)])).code).toBe(1);
    // A head signed by another key, or altered, is not ours.
    const altered = { ...head, hash: forged.data.ticks[19].hash.replace(/^./, '0') };
    expect(
      (await runVerifier([write('answer.json', answer), write('h2.json', altered), key])).out,
    ).toBe('the head is not signed by this key');
  });

  it('proves a rewrite by a database superuser against a saved head', async () => {
    const saved = (await get(`market/chain/heads?symbol=${SYMBOL}`)).data.items[0];
    const key = (await get('common/base')).data.chainPublicKey as string;
    // The attacker moves one price and recomputes every later hash, so the chain alone verifies.
    const rows = await queryRows<{
      id: string;
      time_ms: string;
      price_minor: string;
      prev_hash: string;
    }>(
      t.database.db,
      sql`select id::text, time_ms::text, price_minor::text, prev_hash from tick where symbol = ${SYMBOL} order by tick.id`,
    );
    // (Links are unique per symbol: clear them first, as one rewriting statement would.)
    await asSuperuser(
      t.database,
      sql`update tick set prev_hash = 'rewriting ' || id where symbol = ${SYMBOL}`,
    );
    let prev = rows[0]?.prev_hash ?? '';
    for (const [i, row] of rows.entries()) {
      const price = BigInt(row.price_minor) + (i >= 5 ? 7n : 0n);
      const text = `${price / 1000n}.${(price % 1000n).toString().padStart(3, '0')}`;
      const hash = tickHash(prev, SYMBOL, Number(row.time_ms), text);
      await asSuperuser(
        t.database,
        sql`update tick set price_minor = ${price}, prev_hash = ${prev}, hash = ${hash} where id = ${row.id}::bigint`,
      );
      prev = hash;
    }
    await asSuperuser(
      t.database,
      sql`update chain_head set hash = ${prev} where symbol = ${SYMBOL}`,
    );
    const rewritten = await get(`market/chain/verify?symbol=${SYMBOL}&to=${saved.tickId}`);
    expect(rewritten.data.ok).toBe(true); // self-consistent…

    // …but it cannot end in the hash the user saved, and nobody can sign the new one.
    const proof = await runVerifier([
      write('rewritten.json', rewritten),
      write('saved.json', saved),
      key,
    ]);
    expect(proof).toEqual({
      code: 1,
      out: `tick ${saved.tickId} was rewritten after the signed head of ${saved.minuteMs}`,
    });
    const served = (await get(`market/chain/heads?symbol=${SYMBOL}`)).data.items[0];
    expect(verifyHead(key, served, served.signature)).toBe(false);
  });
});

describe('the chain signing key', () => {
  it('is created once in DATA_DIR (mode 0600) and reused; CHAIN_SIGNING_KEY overrides it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-key-'));
    try {
      const first = createChainSigner({ dataDir });
      expect(createChainSigner({ dataDir }).publicKey).toBe(first.publicKey);
      expect(fs.statSync(path.join(dataDir, SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
      const seed = Buffer.alloc(32, 7).toString('base64');
      const configured = createChainSigner({ key: seed, dataDir });
      expect(configured.publicKey).not.toBe(first.publicKey);
      expect(createChainSigner({ key: seed, dataDir: '/nonexistent' }).publicKey).toBe(
        configured.publicKey,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
