import { baseConfigSchema } from '@ampere/contract';
import { DEFAULT_MEMBER_LEVELS } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { SETTINGS_CACHE_MS, createSettingsService } from './settings.service.js';

interface AuditRow {
  id: string;
  actor: string;
  action: string;
  subject: string;
  detail: { before: unknown; after: unknown; role: string };
}

describe('funding switches and member levels in the staff API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let finance: StaffClient;
  let support: StaffClient;
  let risk: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    finance = await signInStaff(t.app, 'fiona', 'finance', clock.now);
    support = await signInStaff(t.app, 'sam', 'support', clock.now);
    risk = await signInStaff(t.app, 'rita', 'risk', clock.now);
  });
  afterAll(() => t.close());

  /** Audit entries written after entry `afterId`, oldest first. */
  const auditSince = (afterId: string) =>
    queryRows<AuditRow>(
      t.database.db,
      sql`select id::text, actor, action, subject, detail from audit_log
           where id > ${afterId}::bigint order by id`,
    );
  const lastAuditId = async () =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select coalesce(max(id), 0)::text as id from audit_log`,
      )
    )[0]?.id ?? '0';

  const base = async (lang: string, app = t.app) =>
    baseConfigSchema.parse(
      (await app.inject({ url: `/api/v1/common/base?lang=${lang}` })).json().data,
    );

  const closeRecharge = {
    open: false,
    closeTip: {
      'en-US': 'Recharge is paused for maintenance until 18:00.',
      de: 'Einzahlungen sind bis 18:00 Uhr wegen Wartung pausiert.',
      'zh-Hans': '充值维护中，18:00 恢复。',
      ja: '   ',
    },
  };

  it('reads both switches, open by default with no tips', async () => {
    const res = await support.call({ url: 'settings/funding?lang=en-US&_t=1' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { recharge: { open: true, closeTip: {} }, withdraw: { open: true, closeTip: {} } },
    });
  });

  it('closes recharge with its tips: the user app is told at once, in its language, with one audit entry', async () => {
    const before = await lastAuditId();
    const res = await finance.call({
      method: 'POST',
      url: 'settings/funding/recharge',
      payload: closeRecharge,
    });
    // A blank tip (Japanese here) means none: it is not kept.
    const tips = closeRecharge.closeTip;
    const kept = { 'en-US': tips['en-US'], de: tips.de, 'zh-Hans': tips['zh-Hans'] };
    expect(res.json()).toMatchObject({
      code: 0,
      data: { recharge: { open: false, closeTip: kept }, withdraw: { open: true } },
    });

    const de = await base('de');
    expect(de).toMatchObject({
      rechargeOpen: false,
      rechargeCloseTip: kept.de,
      withdrawOpen: true,
    });
    expect(de).not.toHaveProperty('withdrawCloseTip');
    expect((await base('zh-Hans')).rechargeCloseTip).toBe(kept['zh-Hans']);
    // No tip in Japanese (a blank one is none): English.
    expect((await base('ja')).rechargeCloseTip).toBe(kept['en-US']);

    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'staff:fiona',
      action: 'settings.funding_changed',
      subject: 'setting:recharge',
      detail: {
        role: 'finance',
        before: { rechargeOpen: true, rechargeCloseTip: {} },
        after: { rechargeOpen: false, rechargeCloseTip: kept },
      },
    });
  });

  it('answers no tip when the operator wrote none, and none while open', async () => {
    await finance.call({
      method: 'POST',
      url: 'settings/funding/withdraw',
      payload: { open: false, closeTip: {} },
    });
    const config = await base('fr');
    expect(config.withdrawOpen).toBe(false);
    expect(config).not.toHaveProperty('withdrawCloseTip');
    await finance.call({
      method: 'POST',
      url: 'settings/funding/withdraw',
      payload: { open: true, closeTip: { 'en-US': 'Kept for next time' } },
    });
    const reopened = await base('en-US');
    expect(reopened.withdrawOpen).toBe(true);
    expect(reopened).not.toHaveProperty('withdrawCloseTip');
  });

  it('reaches another server process within 2 s', async () => {
    // A second app on the same database: its own settings cache, as another node has.
    const other = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), database: t.database });
    await other.ready();
    try {
      await finance.call({
        method: 'POST',
        url: 'settings/funding/recharge',
        payload: { open: true, closeTip: {} },
      });
      // The other node read the settings as it started (recharge was closed then).
      while (!(await base('de', other)).rechargeOpen) await new Promise((r) => setTimeout(r, 50));
      const switched = Date.now();
      await finance.call({
        method: 'POST',
        url: 'settings/funding/recharge',
        payload: closeRecharge,
      });
      let seen = await base('de', other);
      while (seen.rechargeOpen) {
        expect(Date.now() - switched).toBeLessThan(SETTINGS_CACHE_MS + 500);
        await new Promise((r) => setTimeout(r, 50));
        seen = await base('de', other);
      }
      expect(Date.now() - switched).toBeLessThan(SETTINGS_CACHE_MS + 500);
      expect(seen.rechargeCloseTip).toBe(closeRecharge.closeTip.de);
    } finally {
      await other.close();
    }
  });

  it('keeps a copy at most SETTINGS_CACHE_MS, counted from when its read began', async () => {
    let wall = 1_000_000;
    const node = createSettingsService({
      db: t.database.db,
      audit: t.app.services.audit,
      cacheNow: () => wall,
    });
    const open = (await node.get()).withdrawOpen;
    await finance.call({
      method: 'POST',
      url: 'settings/funding/withdraw',
      payload: { open: !open, closeTip: {} },
    });
    wall += SETTINGS_CACHE_MS - 1;
    expect((await node.get()).withdrawOpen).toBe(open);
    wall += 1;
    expect((await node.get()).withdrawOpen).toBe(!open);
  });

  it('lets only settings.funding change the switches', async () => {
    const before = await lastAuditId();
    for (const who of [support, risk]) {
      const res = await who.call({
        method: 'POST',
        url: 'settings/funding/withdraw',
        payload: { open: false, closeTip: {} },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403);
    }
    // Each refusal is on the record; nothing else is.
    const entries = await auditSince(before);
    expect(entries.map((e) => e.action)).toEqual([
      'staff.permission_refused',
      'staff.permission_refused',
    ]);
  });

  it('refuses unknown locales, over-long tips and a missing switch, naming the field', async () => {
    const post = (payload: object) =>
      finance.call({ method: 'POST', url: 'settings/funding/recharge?lang=en-US', payload });
    const unknown = (await post({ open: false, closeTip: { en: 'x' } })).json();
    expect(unknown).toMatchObject({ code: 1000 });
    expect(unknown.data.issues[0]).toMatchObject({ field: 'en' });
    const long = (await post({ open: false, closeTip: { de: 'x'.repeat(501) } })).json();
    expect(long.data.issues[0]).toMatchObject({
      field: 'closeTip.de',
      msg: 'closeTip.de must be at most 500 characters',
    });
    expect((await post({ closeTip: {} })).json().data.issues[0]).toMatchObject({ field: 'open' });
    const kind = await finance.call({
      method: 'POST',
      url: 'settings/funding/exchange',
      payload: { open: false, closeTip: {} },
    });
    expect(kind.json().code).toBe(1000);
  });

  it('reads and changes the member-level thresholds (settings.levels), with one audit entry', async () => {
    const read = await support.call({ url: 'settings/levels' });
    expect(read.json()).toMatchObject({ code: 0, data: DEFAULT_MEMBER_LEVELS });

    const levels = {
      junior: { volume: { money: '0.00', usdt: '0' }, deposits: { money: '0', usdt: '0' } },
      intermediate: {
        volume: { money: '5000.5', usdt: '700.25' },
        deposits: { money: '1000', usdt: '0' },
      },
      premium: {
        volume: { money: '250000.00', usdt: '35000.123456' },
        deposits: { money: '1000', usdt: '100.5' },
      },
    };
    const refused = await finance.call({ method: 'POST', url: 'settings/levels', payload: levels });
    expect(refused.json().code).toBe(403);

    const before = await lastAuditId();
    const res = await risk.call({ method: 'POST', url: 'settings/levels', payload: levels });
    expect(res.json()).toMatchObject({ code: 0, data: levels });
    expect((await support.call({ url: 'settings/levels' })).json().data).toEqual(levels);
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'settings.levels_changed',
      subject: 'setting:memberLevels',
      detail: { before: { memberLevels: DEFAULT_MEMBER_LEVELS }, after: { memberLevels: levels } },
    });
  });

  it('refuses thresholds that do not ascend, are negative or finer than the currency', async () => {
    const en = SERVER_MESSAGES['en-US'].validation;
    const post = (payload: object) =>
      risk.call({ method: 'POST', url: 'settings/levels?lang=en-US', payload });
    const zero = { money: '0', usdt: '0' };
    const level = (money: string, usdt: string, deposits: object = zero) => ({
      volume: { money, usdt },
      deposits,
    });
    const cases: [object, string, string][] = [
      [
        { junior: level('10', '1'), intermediate: level('10', '2'), premium: level('30', '3') },
        'intermediate.volume.money',
        en.thresholds_ascending,
      ],
      [
        { junior: level('10', '3'), intermediate: level('20', '2'), premium: level('30', '4') },
        'intermediate.volume.usdt',
        en.thresholds_ascending,
      ],
      [
        // Deposits may stay level from one level to the next, never fall.
        {
          junior: level('10', '1', { money: '5', usdt: '0' }),
          intermediate: level('20', '2', { money: '5', usdt: '0' }),
          premium: level('30', '3', { money: '4.99', usdt: '0' }),
        },
        'premium.deposits.money',
        en.thresholds_not_descending,
      ],
      [
        { junior: level('-1', '1'), intermediate: level('20', '2'), premium: level('30', '3') },
        'junior.volume.money',
        en.level_threshold,
      ],
      [
        { junior: level('1.001', '1'), intermediate: level('20', '2'), premium: level('30', '3') },
        'junior.volume.money',
        en.level_threshold,
      ],
      [
        {
          junior: level('1', '1.0000001'),
          intermediate: level('20', '2'),
          premium: level('30', '3'),
        },
        'junior.volume.usdt',
        en.level_threshold,
      ],
      [
        {
          junior: level('1', '1'),
          intermediate: level('2', '2'),
          premium: { volume: { money: '3', usdt: 3 }, deposits: zero },
        },
        'premium.volume.usdt',
        en.level_threshold,
      ],
    ];
    const before = (await support.call({ url: 'settings/levels' })).json().data;
    for (const [payload, field, message] of cases) {
      const body = (await post(payload)).json();
      expect(body.code, JSON.stringify(payload)).toBe(1000);
      expect(body.data.issues[0]).toEqual({ field, msg: message.replace('{{field}}', field) });
    }
    expect((await support.call({ url: 'settings/levels' })).json().data).toEqual(before);
  });
});
