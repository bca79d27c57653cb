import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { cleanBody, cleanText } from './sanitize.js';
import { contentImageId, noticeChange } from './testing.js';

interface Json {
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
  data: any;
}

/** What an attacker with a staff account (or a stolen session) might paste into content. */
export const HOSTILE = [
  '<script>alert("script")</script>',
  '<img src=x onerror="alert(\'onerror\')">',
  '<p onclick="alert(1)" onmouseover="alert(2)">handlers</p>',
  '<a href="javascript:alert(\'js-link\')">js link</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a><a href=" javascript:alert(1)">space</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<svg onload="alert(\'svg\')"><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<div style="background:url(javascript:alert(1));width:expression(alert(\'css\'))">css</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<iframe src="javascript:alert(1)"></iframe><object data="x"></object><embed src="x">',
  '<form action="https://evil.example"><input name="p"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<img src="https://tracker.example/pixel.gif">',
  '&lt;script&gt;alert("encoded")&lt;/script&gt;',
].join('');

/** Nothing in `html` that a browser would run or fetch from elsewhere. */
export function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<svg|<math|<iframe|<object|<embed|<form|<style|<meta|<base/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|expression\(|style=/i);
  expect(html).not.toMatch(/tracker\.example/);
}

describe('hostile HTML in every content field is stripped on save', () => {
  let t: TestApp;
  const clock = testClock();
  let support: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    support = await signInStaff(t.app, 'xss-sup', 'support', clock.now);
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object) =>
    (await support.call({ method: 'POST', url, payload })).json<Json>();
  const get = async (url: string) => (await t.app.inject({ url: `/api/v1/${url}` })).json<Json>();

  it('the sanitizer keeps allowed rich text and links, drops everything else', () => {
    expect(cleanBody('<h2>T</h2><p>a <em>b</em> <a href="https://x.example/">c</a></p>')).toBe(
      '<h2>T</h2><p>a <em>b</em> <a href="https://x.example/" target="_blank" rel="noopener noreferrer nofollow">c</a></p>',
    );
    expectInert(cleanBody(HOSTILE));
    expect(cleanText(HOSTILE)).not.toMatch(/[<>]/);
  });

  it('notice title and body, as stored and as served', async () => {
    const made = await post(
      'content/notices',
      noticeChange({
        texts: [{ locale: 'en-US', title: `Hello ${HOSTILE}`, body: `<p>Body</p>${HOSTILE}` }],
      }),
    );
    expect(made.code).toBe(0);
    const stored = made.data.texts[0];
    expect(stored.title).not.toMatch(/[<>]/);
    expect(stored.title).toMatch(/^Hello/);
    expectInert(stored.body);
    expect(stored.body).toContain('<p>Body</p>');
    const served = (await get(`common/noticeView?id=${made.data.id}`)).data;
    expectInert(served.body);
    expect(served.title).toBe(stored.title);
    // A title of nothing but markup is refused rather than saved empty.
    const empty = await post(
      'content/notices',
      noticeChange({ texts: [{ locale: 'en-US', title: '<script>x</script>', body: '<p>b</p>' }] }),
    );
    expect(empty).toMatchObject({ code: 7402, data: { field: 'texts.0.title' } });
  });

  it('banner title and customer-service agent name', async () => {
    const imageId = await contentImageId(support, 'banner');
    const banner = await post('content/banners', {
      imageId,
      title: `Promo ${HOSTILE}`,
      link: null,
      startsAt: null,
      endsAt: null,
      sortOrder: 0,
      enabled: true,
    });
    expect(banner.code).toBe(0);
    expect(banner.data.title).not.toMatch(/[<>]/);
    const service = await post('content/customer-service', {
      locales: [
        {
          locale: 'en-US',
          agents: [
            {
              name: '<img src=x onerror=alert(1)>Ann<script>alert(2)</script>',
              avatarId: null,
              kind: 'url',
              value: 'https://help.example.com/',
            },
          ],
          qrImageId: null,
        },
      ],
    });
    expect(service.code).toBe(0);
    expect((await get('common/customerService')).data.agents[0].name).toBe('Ann');
  });
});
