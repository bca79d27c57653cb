import fs from 'node:fs';
import { createUsers } from '../modules/auth/users.js';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { createOpsService } from '../modules/ops/ops.service.js';
import { insertTestUser } from '../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { OPS_SOCKET, OPS_TOKEN, startOpsChannel } from './channel.js';

function call(dir: string, method: string, route: string, token: string, body?: unknown) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      {
        socketPath: path.join(dir, OPS_SOCKET),
        path: route,
        method,
        headers: { 'x-ops-token': token, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('ops channel (the CLI’s way in while the server holds PGlite)', () => {
  let t: TestDatabase;
  let dir: string;
  let channel: { close: () => Promise<void> };
  let token: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-ops-'));
    channel = await startOpsChannel(
      dir,
      createOpsService({
        db: t.database.db,
        users: createUsers(t.database.db),
        ledger: createLedgerService(),
        audit: createAuditService({ db: t.database.db, now: () => new Date() }),
      }),
    );
    token = fs.readFileSync(path.join(dir, OPS_TOKEN), 'utf8');
  });
  afterAll(async () => {
    await channel.close();
    await t.drop();
  });

  it('is owner-only on disk', () => {
    expect(fs.statSync(path.join(dir, OPS_SOCKET)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, OPS_TOKEN)).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong token', async () => {
    expect((await call(dir, 'GET', '/reconcile', 'x'.repeat(64))).status).toBe(401);
  });

  it('credits and reconciles', async () => {
    const user = await insertTestUser(t.database.db);
    const res = await call(dir, 'POST', '/adjust', token, {
      direction: 'credit',
      username: user.username,
      amount: '5.50',
      currency: 'usdt',
      reason: 'channel test',
      actor: 'ops:test',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { amount: '5.500000', availableAfter: '5.500000' },
    });
    expect((await call(dir, 'GET', '/reconcile', token)).body).toMatchObject({ ok: true });
  });

  it('explains bad input', async () => {
    const res = await call(dir, 'POST', '/adjust', token, {
      direction: 'credit',
      username: 'nobody',
      amount: '1',
      currency: 'money',
      reason: 'x',
      actor: 'ops:test',
    });
    expect(res.status).toBe(400);
  });

  it('removes the socket and token on close', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-ops-'));
    const c = await startOpsChannel(
      other,
      createOpsService({
        db: t.database.db,
        users: createUsers(t.database.db),
        ledger: createLedgerService(),
        audit: createAuditService({ db: t.database.db, now: () => new Date() }),
      }),
    );
    await c.close();
    expect(fs.readdirSync(other)).toEqual([]);
  });
});
