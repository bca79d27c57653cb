import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { SVG_WITH_SCRIPT } from '../uploads/testing.js';
import { contentImageId, noticeChange, uploadContentImage } from './testing.js';

interface Json {
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
  data: any;
}

describe('announcements, banners and customer service, through the API', () => {
  let t: TestApp;
  const clock = testClock();
  let support: StaffClient;
  let risk: StaffClient;
  let user: { id: bigint; token: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    support = await signInStaff(t.app, 'content-sup', 'support', clock.now);
    risk = await signInStaff(t.app, 'content-risk', 'risk', clock.now);
    user = await signUpThroughApi(t.app, t.database.db, 'reader1');
  });
  afterAll(() => t.close());

  const get = async (url: string, token?: string) =>
    (
      await t.app.inject({
        url: `/api/v1/${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json<Json>();
  const userPost = async (url: string, payload: object, token = user.token) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      })
    ).json<Json>();
  const staffPost = async (url: string, payload: object, who = support) =>
    (await who.call({ method: 'POST', url, payload })).json<Json>();
  const auditRows = async (action: string) =>
    (
      await queryRows<{ n: string }>(
        t.database.db,
        sql`select count(*)::text as n from audit_log where action = ${action}`,
      )
    )[0]?.n;

  it('noticeView: SPEC §8’s two messages, in the caller’s language', async () => {
    const missing = await get('common/noticeView?lang=en-US');
    expect(missing).toMatchObject({ code: 6500, msg: 'The notice ID does not exist' });
    const empty = await get('common/noticeView?id=&lang=zh-Hans');
    expect(empty).toMatchObject({ code: 6500, msg: '公告 ID 不存在' });
    for (const id of ['999999', 'abc', '0', '99999999999999999999'])
      expect(await get(`common/noticeView?id=${id}&lang=en-US`)).toMatchObject({
        code: 6501,
        msg: 'Announcement does not exist',
      });
  });

  it('support publishes a notice in two languages; users read it in theirs, else English; audited', async () => {
    const made = await staffPost(
      'content/notices',
      noticeChange({
        texts: [
          { locale: 'en-US', title: 'New product', body: '<p>Earn <strong>30 days</strong></p>' },
          { locale: 'zh-Hans', title: '新产品', body: '<p>理财 <strong>30 天</strong></p>' },
        ],
        pinned: true,
      }),
    );
    expect(made.code).toBe(0);
    expect(await auditRows('content.notice_created')).toBe('1');
    const id = made.data.id as string;
    const zh = await get(`common/noticeView?id=${id}&lang=zh-Hans`);
    expect(zh.data).toMatchObject({ title: '新产品', locale: 'zh-Hans', pinned: true });
    expect(zh.data.body).toBe('<p>理财 <strong>30 天</strong></p>');
    const de = await get(`common/noticeView?id=${id}&lang=de`);
    expect(de.data).toMatchObject({
      title: 'New product',
      locale: 'en-US',
      summary: 'Earn 30 days',
    });
    const index = await get('common/index?lang=en-US');
    expect(index.data.notices[0]).toMatchObject({ id, title: 'New product', pinned: true });
  });

  it('a draft is not shown; publishing keeps its first time; risk may not edit', async () => {
    const draft = await staffPost('content/notices', noticeChange({ published: false }));
    const id = draft.data.id as string;
    expect((await get(`common/noticeView?id=${id}`)).code).toBe(6501);
    const denied = await risk.call({
      method: 'POST',
      url: `content/notices/${id}`,
      payload: noticeChange(),
    });
    expect(denied.json<Json>().code).toBe(403);
    const published = await staffPost(`content/notices/${id}`, noticeChange());
    expect(published.data.published).toBe(true);
    expect((await get(`common/noticeView?id=${id}`)).code).toBe(0);
    const removed = await staffPost(`content/notices/${id}/delete`, {});
    expect(removed.data).toEqual({ id });
    expect((await get(`common/noticeView?id=${id}`)).code).toBe(6501);
    expect((await staffPost(`content/notices/${id}`, noticeChange())).code).toBe(6501);
  });

  it('pop-ups: offered until seen, then never again for that user — on any device; unread count', async () => {
    const popup = await staffPost(
      'content/notices',
      noticeChange({
        texts: [{ locale: 'en-US', title: 'Pop', body: '<p>Once</p>' }],
        popup: true,
      }),
    );
    const id = popup.data.id as string;
    const before = await get('user/notices', user.token);
    const unread = before.data.unread as number;
    expect(before.data.items.find((n: { id: string }) => n.id === id)).toMatchObject({
      read: false,
    });
    expect(
      (await get('user/noticePopups', user.token)).data.items.map((n: { id: string }) => n.id),
    ).toEqual([id]);
    // A second session of the same user (another device) sees the same state.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'reader1', password: 'Secret123' },
    });
    const otherDevice = login.json<Json>().data.token as string;
    expect((await userPost('user/noticeRead', { ids: id })).data.unread).toBe(unread - 1);
    expect((await get('user/noticePopups', otherDevice)).data.items).toEqual([]);
    expect((await get('user/notices', otherDevice)).data.unread).toBe(unread - 1);
    // Reading twice changes nothing; unknown ids are ignored.
    expect(
      (await userPost('user/noticeRead', { ids: `${id},99999` }, otherDevice)).data.unread,
    ).toBe(unread - 1);
    // Another user still gets it.
    const other = await signUpThroughApi(t.app, t.database.db, 'reader2');
    expect((await get('user/noticePopups', other.token)).data.items).toHaveLength(1);
    expect((await get('user/noticePopups')).code).toBe(401);
  });

  it('banners: only enabled ones in their window, in order; links per SPEC §2 modes', async () => {
    const imageId = await contentImageId(support, 'banner', 3);
    const base = { imageId, title: 'A', link: null, startsAt: null, endsAt: null, enabled: true };
    const now = clock.now().getTime();
    await staffPost('content/banners', {
      ...base,
      title: 'Second',
      sortOrder: 2,
      link: { mode: 'switchTab', target: '/app/pages/tabbar/markets/index' },
    });
    await staffPost('content/banners', {
      ...base,
      title: 'First',
      sortOrder: 1,
      link: { mode: 'webview', target: 'https://example.com/promo' },
    });
    await staffPost('content/banners', {
      ...base,
      title: 'Later',
      sortOrder: 0,
      startsAt: now + 3_600_000,
    });
    await staffPost('content/banners', { ...base, title: 'Ended', sortOrder: 0, endsAt: now - 1 });
    await staffPost('content/banners', { ...base, title: 'Off', sortOrder: 0, enabled: false });
    const index = await get('common/index');
    expect(index.data.banners.map((b: { title: string }) => b.title)).toEqual(['First', 'Second']);
    expect(index.data.banners[0].imageUrl).toBe(`/api/v1/common/image/${imageId}`);
    for (const link of [
      { mode: 'webview', target: 'javascript:alert(1)' },
      { mode: 'external', target: 'data:text/html,<script>alert(1)</script>' },
      { mode: 'push', target: '/app/pages/tabbar/index/index' },
      { mode: 'switchTab', target: '/app/pages/user/earn/index' },
      { mode: 'push', target: 'https://example.com' },
    ])
      expect(
        (await staffPost('content/banners', { ...base, sortOrder: 0, link })).code,
        link.target,
      ).toBe(1000);
    const unknownImage = await staffPost('content/banners', {
      ...base,
      sortOrder: 0,
      imageId: 'A'.repeat(22),
    });
    expect(unknownImage.code).toBe(7400);
  });

  it('public images: re-encoded JPEG, nosniff, a sandboxing CSP, no source bytes; SVG refused', async () => {
    const id = await contentImageId(support, 'qr');
    const res = await t.app.inject({ url: `/api/v1/common/image/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    expect((await t.app.inject({ url: '/api/v1/common/image/nope' })).json<Json>().code).toBe(6502);
    const svg = await uploadContentImage(support, 'qr', SVG_WITH_SCRIPT);
    expect(svg.json<Json>().code).toBe(8000);
    const user2 = await t.app.inject({
      url: '/api/admin/v1/content/images',
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(user2.statusCode).toBeGreaterThanOrEqual(401);
  });

  it('customer service: none configured says so; three agents and a QR per language, with fallback', async () => {
    expect((await get('common/customerService')).data).toEqual({ agents: [], qrCodeUrl: null });
    const avatar = await contentImageId(support, 'avatar');
    const qr = await contentImageId(support, 'qr');
    const agents = [
      { name: 'Ann', avatarId: avatar, kind: 'telegram', value: '@ampere_help' },
      { name: 'Bo', avatarId: null, kind: 'whatsapp', value: '+85212345678' },
      { name: 'Cy', avatarId: null, kind: 'webview', value: 'https://help.example.com/chat' },
    ];
    const set = await staffPost('content/customer-service', {
      locales: [
        { locale: 'en-US', agents, qrImageId: qr },
        {
          locale: 'zh-Hans',
          agents: [{ name: '小王', avatarId: null, kind: 'url', value: 'https://kf.example.cn/' }],
          qrImageId: null,
        },
      ],
    });
    expect(set.code).toBe(0);
    expect(await auditRows('content.customer_service_changed')).toBe('1');
    const en = (await get('common/customerService?lang=fr')).data;
    expect(en.agents).toEqual([
      {
        name: 'Ann',
        avatarUrl: `/api/v1/common/image/${avatar}`,
        kind: 'telegram',
        label: '@ampere_help',
        href: 'https://t.me/ampere_help',
      },
      {
        name: 'Bo',
        avatarUrl: null,
        kind: 'whatsapp',
        label: '+85212345678',
        href: 'https://wa.me/85212345678',
      },
      {
        name: 'Cy',
        avatarUrl: null,
        kind: 'webview',
        label: 'help.example.com',
        href: 'https://help.example.com/chat',
      },
    ]);
    expect(en.qrCodeUrl).toBe(`/api/v1/common/image/${qr}`);
    expect((await get('common/customerService?lang=zh-Hans')).data.agents[0].name).toBe('小王');
    const four = await staffPost('content/customer-service', {
      locales: [{ locale: 'en-US', agents: [...agents, agents[0]], qrImageId: null }],
    });
    expect(four.code).toBe(1000);
    const badLink = await staffPost('content/customer-service', {
      locales: [
        {
          locale: 'en-US',
          agents: [{ ...agents[2], value: 'javascript:alert(1)' }],
          qrImageId: null,
        },
      ],
    });
    expect(badLink.code).toBe(1000);
    // An avatar id that is a QR code (another purpose) is refused.
    const wrongPurpose = await staffPost('content/customer-service', {
      locales: [{ locale: 'en-US', agents: [{ ...agents[0], avatarId: qr }], qrImageId: null }],
    });
    expect(wrongPurpose.code).toBe(7400);
  });
});
