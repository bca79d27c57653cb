import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  open,
  PASSWORD,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import {
  adminShots,
  adminUrl,
  chooseOption,
  firstSignIn,
  pageTitle,
  settled,
  useBackOffice,
} from '../support/admin.js';
import { createStaff } from '../support/ops.js';

const baseUrl = inject('baseUrl');

/** A PNG drawn pixel by pixel (no fixture files): `rgb(x, y)` gives each pixel's colour. */
function png(
  width: number,
  height: number,
  rgb: (x: number, y: number) => [number, number, number],
) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(rgb(x, y), y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const BANNER = png(750, 300, (x, y) => [20 + (x % 200), 90 + (y % 120), 220]);
const QR = png(200, 200, (x, y) =>
  (Math.floor(x / 20) + Math.floor(y / 20)) % 2 ? [0, 0, 0] : [255, 255, 255],
);
const AVATAR = png(96, 96, (x, y) => [240, 120 + ((x + y) % 100), 60]);

/** Every way hostile content might try to run: each reports to `xssHit` if it ever does. */
const HOSTILE = [
  '<script>xssHit("script")</script>',
  '<img src=x onerror="xssHit(\'onerror\')">',
  '<p onclick="xssHit(\'onclick\')" onmouseover="xssHit(\'hover\')">Hover me</p>',
  '<a href="javascript:xssHit(\'link\')">Click me</a>',
  '<svg onload="xssHit(\'svg\')"><script>xssHit("svg-script")</script></svg>',
  "<div style=\"background:url(javascript:xssHit('css'));width:expression(xssHit('expr'))\">styled</div>",
  '<iframe src="javascript:xssHit(\'iframe\')"></iframe>',
  '<details open ontoggle="xssHit(\'toggle\')">d</details>',
].join('');

/** Records any script the hostile content manages to run, in every page and frame of `page`'s context. */
async function watchForXss(page: Page, hits: string[]) {
  await page.context().exposeBinding('xssHit', (_source, what: string) => {
    hits.push(what);
  });
  page.on('dialog', (dialog) => {
    hits.push(`dialog:${dialog.message()}`);
    void dialog.dismiss();
  });
}

async function signIn(page: Page, username: string) {
  await open(page, baseUrl, '/app/pages/user/login');
  await page.getByPlaceholder('Enter your account').fill(username);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await waitForRoute(page, (hash) => !hash.startsWith('/app/pages/user/login'));
}

/** The notice dialog, when it is up. */
const noticeDialog = (page: Page) => page.getByRole('dialog', { name: 'Notice' });

describe('content: announcements, banners and customer service', () => {
  const { desk, phone, errors } = useBackOffice();
  const xss: string[] = [];
  let staff: Page;
  let username = '';
  let noticeId = '';
  const TITLE = 'Platform maintenance tonight';

  it('support signs in to the back office and sees the Content page', async () => {
    const created = await createStaff(`content${Date.now().toString(36)}`, 'support');
    staff = await desk();
    await watchForXss(staff, xss);
    await firstSignIn(staff, baseUrl, created.username, created.oneTimePassword, 'Staffpass1x');
    await staff.goto(adminUrl(baseUrl, '/content'));
    await pageTitle(staff, 'Content').waitFor();
  });

  it('the Customer tab says customer service is not configured yet', async () => {
    const user = await phone();
    await watchForXss(user, xss);
    username = await signUp(user, baseUrl);
    await open(user, baseUrl, '/app/pages/tabbar/customer/index');
    await user
      .getByText('The administrator has not configured customer service information or the QR code')
      .waitFor();
    await user.context().close();
  });

  it('staff publishes a pop-up notice with hostile HTML; the preview runs none of it', async () => {
    await staff.getByRole('button', { name: 'New announcement' }).click();
    // As a person would: once the editor has opened. A click while antd's opening motion runs
    // once landed on the checkbox without changing it (CI of ab1b5d3), not seen since in 27 tries.
    await staff.getByRole('dialog', { name: 'New announcement' }).waitFor();
    await settled(staff);
    await staff.getByRole('checkbox', { name: 'Published' }).check();
    await staff.getByRole('checkbox', { name: 'Pop up on launch' }).check();
    await staff.getByLabel('Title').fill(TITLE);
    await staff
      .getByLabel('Body')
      .fill(
        `<h2>What changes</h2><p>Trading pauses from <strong>02:00 to 03:00</strong>.</p>${HOSTILE}`,
      );
    await staff.getByRole('tab', { name: '简体中文' }).click();
    await staff.getByLabel('Title').fill('今晚平台维护');
    await staff.getByLabel('Body').fill('<p>交易将于 <strong>02:00 至 03:00</strong> 暂停。</p>');
    await staff.getByRole('tab', { name: 'English ✓' }).click();
    await staff
      .frameLocator('iframe[title="Preview as the phone shows it"]')
      .getByText('What changes')
      .waitFor();
    await adminShots(staff, 'content-notice-editor');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('cell', { name: TITLE }).waitFor();
    await settled(staff);
    await adminShots(staff, 'content-notices');
    const res = await staff.evaluate(async () => {
      const r = await fetch('/api/admin/v1/content/notices');
      return (await r.json()) as { data: { items: { id: string; texts: { body: string }[] }[] } };
    });
    const saved = res.data.items[0];
    noticeId = saved?.id ?? '';
    // Stripped on save: nothing that could run is left in the stored body.
    expect(saved?.texts[0]?.body).not.toMatch(
      /script|onerror|onclick|javascript:|<svg|style=|iframe|ontoggle/i,
    );
  });

  it('the user sees the pop-up once on launch, on this device and the next', async () => {
    const first = await phone();
    await watchForXss(first, xss);
    await signIn(first, username);
    await noticeDialog(first).getByText(TITLE).waitFor();
    await noticeDialog(first).getByText('Click me').hover();
    await shotBothSchemes(first, 'content-notice-dialog');
    await noticeDialog(first).getByRole('button', { name: 'Got it' }).click();
    await noticeDialog(first).waitFor({ state: 'detached' });
    // Launching again: the server remembers it was seen.
    const checked = first.waitForResponse((r) => r.url().includes('user/noticePopups'));
    await first.reload();
    await checked;
    await first.waitForTimeout(800);
    expect(await noticeDialog(first).count()).toBe(0);

    const second = await phone();
    await watchForXss(second, xss);
    const again = second.waitForResponse((r) => r.url().includes('user/noticePopups'));
    await signIn(second, username);
    await again;
    await second.waitForTimeout(800);
    expect(await noticeDialog(second).count()).toBe(0);

    // The notice itself, and SPEC §8's messages for a missing id and an unknown one.
    await open(second, baseUrl, `/app/pages/common/notice/view?id=${noticeId}`);
    await second.getByRole('heading', { name: TITLE }).waitFor();
    await second.getByText('Click me').click();
    await shotBothSchemes(second, 'content-notice-view');
    await open(second, baseUrl, '/app/pages/common/notice/view');
    await second.getByText('The notice ID does not exist').waitFor();
    await open(second, baseUrl, '/app/pages/common/notice/view?id=987654');
    await second.getByText('Announcement does not exist').waitFor();
    // A javascript: address is never framed.
    await open(
      second,
      baseUrl,
      `/app/pages/webview/index?url=${encodeURIComponent('javascript:xssHit("webview")')}`,
    );
    await second.getByText('Url is empty, please go back and try again').waitFor();
    expect(await second.locator('iframe').count()).toBe(0);
    expect(xss).toEqual([]);
  });

  it('staff adds a banner and configures three agents and a QR code; the Customer tab shows them', async () => {
    await staff.getByRole('tab', { name: 'Banners' }).click();
    await staff.getByRole('button', { name: 'New banner' }).click();
    await staff
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER });
    await staff.locator('.ant-modal img').first().waitFor();
    // Hostile markup in the plain-text fields too: stripped on save, the text kept.
    await staff
      .getByLabel('Alternative text')
      .fill(`Earn 30 days<img src=x onerror="xssHit('banner')">`);
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('cell', { name: 'Earn 30 days', exact: true }).last().waitFor();

    await staff.getByRole('tab', { name: 'Customer service' }).click();
    const agents = [
      { name: 'Alice', kind: 'Telegram', value: '@ampere_help' },
      { name: 'Bob', kind: 'WhatsApp', value: '+85212345678' },
      {
        name: 'Carol',
        typed: `Carol<script>xssHit('agent')</script><b onmouseover="xssHit('agent-b')"></b>`,
        kind: 'Web page (in app)',
        value: 'https://example.com/chat',
      },
    ];
    for (const [i, agent] of agents.entries()) {
      await staff.getByRole('button', { name: 'Add an agent' }).click();
      const card = staff.locator('.ant-card', { hasText: `Agent ${i + 1}` });
      await card.getByLabel('Name').fill(agent.typed ?? agent.name);
      await chooseOption(staff, card.locator('.ant-select'), agent.kind);
      await card.getByLabel('Address').fill(agent.value);
      if (i === 0) {
        await card
          .locator('input[type=file]')
          .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: AVATAR });
        await card.locator('img').waitFor();
      }
    }
    const qrCard = staff.locator('.ant-card', { hasText: 'QR code' });
    await qrCard
      .locator('input[type=file]')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: QR });
    await qrCard.locator('img').waitFor();
    await staff.getByRole('button', { name: 'Save customer service (all languages)' }).click();
    await staff.getByText('Saved').first().waitFor();
    await adminShots(staff, 'content-customer-service');

    const user = await phone();
    await watchForXss(user, xss);
    await signIn(user, username);
    await open(user, baseUrl, '/app/pages/tabbar/customer/index');
    for (const agent of agents) await user.getByText(agent.name).first().waitFor();
    await user.getByRole('img', { name: 'QR code' }).waitFor();
    await shotBothSchemes(user, 'content-customer');

    // Home: the banner, the latest announcement, level and balances.
    await open(user, baseUrl, '/app/pages/tabbar/index/index');
    await user.getByRole('img', { name: 'Earn 30 days' }).waitFor();
    await user.getByText(TITLE).first().waitFor();
    await user.waitForTimeout(600);
    await shotBothSchemes(user, 'content-home');

    // The open customer page, without signing in.
    const visitor = await phone();
    await open(visitor, baseUrl, '/app/pages/index/customer');
    for (const agent of agents) await visitor.getByText(agent.name).first().waitFor();
    expect(xss).toEqual([]);
    // Expected in the log: the unknown notice id answers 404 (code 6501) on purpose; and the
    // defences refusing the hostile HTML in the back office's preview — the sandboxed frame
    // blocking its scripts, the CSP refusing a javascript: address, and `<img src=x>` (which
    // resolves to a page of ours) refused to the frame's opaque origin.
    const expected = [
      'status of 404',
      "Blocked script execution in 'about:srcdoc'",
      "Running the JavaScript URL violates the following Content Security Policy directive 'script-src 'self''",
      'net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin',
    ];
    expectNoConsoleErrors(errors.filter((e) => !expected.some((x) => e.includes(x))));
  });

  // The journeys share one server: a pop-up left published would greet every later journey's
  // new user (and cover their screenshots).
  it('staff deletes the pop-up notice again', async () => {
    const code = await staff.evaluate(async (id) => {
      const session = (await (await fetch('/api/admin/v1/auth/session')).json()) as {
        data: { csrfToken: string };
      };
      const r = await fetch(`/api/admin/v1/content/notices/${id}/delete`, {
        method: 'POST',
        headers: { 'x-csrf-token': session.data.csrfToken },
      });
      return ((await r.json()) as { code: number }).code;
    }, noticeId);
    expect(code).toBe(0);
  });
});
