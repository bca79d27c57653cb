import { agreementPendingSchema, agreementSchema } from '@ampere/contract';
import { adminAgreementListSchema } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { insertTestUser, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, dbErrorOf, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const HOUR_MS = 3_600_000;

/** A version's texts: English always, other languages as given. */
const version = (title: string, extra: { locale: string; title: string; body: string }[] = []) => [
  { locale: 'en-US', title, body: `<h2>${title}</h2><p>What changed in ${title}.</p>` },
  ...extra,
];

describe('user agreement versions (docs/content.md, Agreement versions)', () => {
  let t: TestApp;
  const clock = testClock();
  let support: StaffClient;
  let user: { id: bigint; token: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    support = await signInStaff(t.app, 'agree-sup', 'support', clock.now);
    user = await signUpThroughApi(t.app, t.database.db, 'agreeuser');
  });
  afterAll(() => t.close());

  const asUser = (token: string) => ({ authorization: `Bearer ${token}` });
  const pending = async (token = user.token, lang = 'en-US') => {
    const res = await t.app.inject({
      url: `/api/v1/user/agreementPending?lang=${lang}`,
      headers: asUser(token),
    });
    return agreementPendingSchema.parse(res.json<Envelope>().data).agreement;
  };
  const accept = async (version: number | string, token = user.token) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/agreementAccept',
        headers: { ...asUser(token), 'user-agent': 'agreement-test' },
        remoteAddress: '198.51.100.23',
        payload: { version: String(version) },
      })
    ).json<Envelope<{ version: number; acceptedAt: string }>>();
  const publish = async (
    texts: { locale: string; title: string; body: string }[],
    effectiveAt: number | null = null,
    lang = 'en-US',
  ) =>
    (
      await support.call({
        method: 'POST',
        url: `content/agreements?lang=${lang}`,
        payload: { texts, effectiveAt },
      })
    ).json<Envelope<{ version: number; state: string; effectiveAt: string }>>();
  const served = async (lang: string) =>
    agreementSchema.parse(
      (
        await t.app.inject({ url: `/api/v1/common/userServiceAgreement?lang=${lang}` })
      ).json<Envelope>().data,
    );

  it('records the version in force as accepted when a user signs up', async () => {
    expect(await pending()).toBeNull();
    const rows = await queryRows<{ version: number; via: string; ip: string | null }>(
      t.database.db,
      sql`select version, via, ip from agreement_acceptance where user_id = ${user.id}`,
    );
    expect(rows).toEqual([{ version: 1, via: 'registration', ip: '127.0.0.1' }]);
  });

  it('publishes a new version, sanitized, served in place of the old one', async () => {
    const hostile =
      '<p onclick="x()">Risk</p><script>alert(1)</script><a href="javascript:x()">l</a>';
    const published = await publish(
      version('Agreement 2026-12', [
        { locale: 'zh-Hans', title: '<b>协议</b> 2026-12', body: `<p>变更说明</p>${hostile}` },
      ]),
    );
    expect(published.code).toBe(0);
    expect(published.data).toMatchObject({ version: 2, state: 'current' });
    const zh = await served('zh-Hans');
    expect(zh).toMatchObject({ version: 2, locale: 'zh-Hans', title: '协议 2026-12' });
    expect(zh.body).toBe(
      '<p>变更说明</p><p>Risk</p><a target="_blank" rel="noopener noreferrer nofollow">l</a>',
    );
    expect(zh.updatedAt).toBe(clock.now().toISOString());
    // A language the version was not written in reads the English text.
    expect(await served('fr')).toMatchObject({ version: 2, locale: 'en-US' });
  });

  it('asks a user who has not accepted it, once, and records the acceptance', async () => {
    const asked = await pending(user.token, 'zh-Hans');
    expect(asked).toMatchObject({ version: 2, locale: 'zh-Hans', title: '协议 2026-12' });
    // Accepting the old version (read before the new one took effect) is refused.
    const stale = await accept(1);
    expect(stale).toMatchObject({
      code: 6530,
      msg: SERVER_MESSAGES['en-US'].errors.agreement_version_outdated,
      data: { version: 2 },
    });
    const done = await accept(2);
    expect(done).toEqual({
      code: 0,
      msg: expect.any(String),
      data: { version: 2, acceptedAt: clock.now().toISOString() },
    });
    expect(await pending()).toBeNull();
    // Accepting again changes nothing: the first acceptance stands.
    clock.advance(60_000);
    expect((await accept(2)).data.acceptedAt).toBe(done.data.acceptedAt);
    const rows = await queryRows<{ via: string; ip: string; user_agent: string }>(
      t.database.db,
      sql`select via, ip, user_agent from agreement_acceptance where user_id = ${user.id} and version = 2`,
    );
    expect(rows).toEqual([{ via: 'prompt', ip: '198.51.100.23', user_agent: 'agreement-test' }]);
  });

  it('asks again for every new version, keeping each acceptance', async () => {
    expect((await publish(version('Agreement 3'))).data.version).toBe(3);
    expect((await pending())?.version).toBe(3);
    expect((await accept(3)).code).toBe(0);
    const versions = await queryRows<{ version: number }>(
      t.database.db,
      sql`select version from agreement_acceptance where user_id = ${user.id} order by version`,
    );
    expect(versions.map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it('takes a scheduled version into force at its time, and asks then', async () => {
    const later = clock.now().getTime() + HOUR_MS;
    const scheduled = await publish(version('Agreement 4'), later);
    expect(scheduled.data).toMatchObject({ version: 4, state: 'scheduled' });
    expect(await pending()).toBeNull();
    expect((await served('en-US')).version).toBe(3);
    // Accepting a version before it is in force is refused like an old one.
    expect((await accept(4)).code).toBe(6530);
    clock.advance(HOUR_MS);
    // A staff session ends after 30 idle minutes: a colleague carries on.
    support = await signInStaff(t.app, 'agree-sup2', 'support', clock.now);
    expect((await served('en-US')).version).toBe(4);
    expect((await pending())?.version).toBe(4);
    expect((await accept(4)).code).toBe(0);
  });

  it('asks accounts that never accepted anything, and signs new ones up on the version in force', async () => {
    // A row written without signing up (as the ops tools and older installs have them).
    const old = await insertTestUser(t.database.db, 'agreeolder');
    expect(await t.app.services.content.agreements.pending(old.id, 'en-US')).toMatchObject({
      agreement: { version: 4 },
    });
    const fresh = await signUpThroughApi(t.app, t.database.db, 'agreenewer');
    expect(await pending(fresh.token)).toBeNull();
  });

  it('refuses a version without English, in the past, or before the latest', async () => {
    const zhOnly = await publish(
      [{ locale: 'zh-Hans', title: '协议', body: '<p>正文</p>' }],
      null,
      'zh-Hans',
    );
    expect(zhOnly).toMatchObject({
      code: 7437,
      msg: SERVER_MESSAGES['zh-Hans'].errors.agreement_english_required,
    });
    const past = await publish(version('Backdated'), clock.now().getTime() - HOUR_MS);
    expect(past.code).toBe(7438);
    const later = await publish(version('Agreement 5'), clock.now().getTime() + 2 * HOUR_MS);
    expect(later.data.version).toBe(5);
    const before = await publish(version('Out of order'), clock.now().getTime() + HOUR_MS);
    expect(before.code).toBe(7438);
    const empty = await publish([{ locale: 'en-US', title: 'Empty', body: '<script>x</script>' }]);
    expect(empty).toMatchObject({ code: 7402, data: { field: 'texts.0.body' } });
    const twice = await publish([...version('Twice'), ...version('Twice')]);
    expect(twice.code).toBe(1000);
  });

  it('lists the versions with their state and acceptances, and audits each publication', async () => {
    const list = adminAgreementListSchema.parse(
      (await support.call({ url: 'content/agreements' })).json<Envelope>().data,
    );
    expect(list.items.map((v) => [v.version, v.state])).toEqual([
      [5, 'scheduled'],
      [4, 'current'],
      [3, 'superseded'],
      [2, 'superseded'],
      [1, 'superseded'],
    ]);
    expect(list.items.find((v) => v.version === 4)?.acceptances).toBe(2);
    expect(list.items.find((v) => v.version === 1)?.texts).toHaveLength(13);
    const audited = await queryRows<{ subject: string; actor: string }>(
      t.database.db,
      sql`select subject, actor from audit_log where action = 'content.agreement_published' order by id`,
    );
    expect(audited).toEqual(
      [2, 3, 4, 5].map((v) => ({
        subject: `agreement:${v}`,
        actor: v < 5 ? 'staff:agree-sup' : 'staff:agree-sup2',
      })),
    );
  });

  it('never changes what was published or accepted', async () => {
    const db = t.database.db;
    expect(await dbErrorOf(db.execute(sql`update agreement_text set body = 'x'`))).toMatch(
      /append-only/,
    );
    expect(
      await dbErrorOf(db.execute(sql`delete from agreement_version where version = 1`)),
    ).toMatch(/append-only/);
    expect(await dbErrorOf(db.execute(sql`delete from agreement_acceptance`))).toMatch(
      /append-only/,
    );
  });

  it('is read by the auditor and published by support only', async () => {
    const auditor = await signInStaff(t.app, 'agree-aud', 'auditor', clock.now);
    expect((await auditor.call({ url: 'content/agreements' })).json().code).toBe(0);
    const refused = await auditor.call({
      method: 'POST',
      url: 'content/agreements',
      payload: { texts: version('Auditor'), effectiveAt: null },
    });
    expect(refused.json().code).toBe(403);
  });
});
