import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  expectTitle,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import {
  adminShots,
  adminUrl,
  firstSignIn,
  pageTitle,
  settled,
  useBackOffice,
} from '../support/admin.js';
import { createStaff } from '../support/ops.js';

const baseUrl = inject('baseUrl');

/** The address the server sees the browser at (it listens on 127.0.0.1). */
const BROWSER_ADDRESS = '127.0.0.1/32';
const NOTE = 'e2e access journey';
const AGREEMENT_TITLE = 'User Service Agreement (December 2026)';

/** The agreement sheet, when it is up. */
const agreementSheet = (page: Page) =>
  page.getByRole('dialog', { name: 'We have updated the user service agreement' });

/**
 * Calls the staff API from the signed-in back office page (its cookie, its CSRF token): how the
 * journey cleans up after itself whatever happened before.
 */
function staffCall(staff: Page, method: 'GET' | 'POST', path: string) {
  return staff.evaluate(
    async ({ method, path }) => {
      const session = (await (await fetch('/api/admin/v1/auth/session')).json()) as {
        data: { csrfToken: string };
      };
      const r = await fetch(`/api/admin/v1/${path}`, {
        method,
        headers: method === 'POST' ? { 'x-csrf-token': session.data.csrfToken } : {},
      });
      return (await r.json()) as { code: number; data: unknown };
    },
    { method, path },
  );
}

describe('access: agreement versions and the restricted page', () => {
  const { desk, phone, errors } = useBackOffice();
  let staff: Page | undefined;
  let user: Page;
  let username = '';

  // The journeys share one server and one client address: a block left behind would shut every
  // later journey out. Lifted here whatever happened above.
  afterAll(async () => {
    if (!staff) return;
    const list = (await staffCall(staff, 'GET', 'access/blocks?state=active&limit=200')).data as {
      items: { id: string; note: string }[];
    };
    for (const block of list.items.filter((b) => b.note === NOTE))
      await staffCall(staff, 'POST', `access/blocks/${block.id}/delete`);
  });

  it('support signs in; a new user signs up and is not asked about the agreement', async () => {
    const created = await createStaff(`access${Date.now().toString(36)}`, 'support');
    staff = await desk();
    await firstSignIn(staff, baseUrl, created.username, created.oneTimePassword, 'Staffpass1x');
    user = await phone();
    const checked = user.waitForResponse((r) => r.url().includes('user/agreementPending'));
    username = await signUp(user, baseUrl);
    // Signing up accepted the version in force.
    expect(
      ((await (await checked).json()) as { data: { agreement: unknown } }).data.agreement,
    ).toBeNull();
    expect(await agreementSheet(user).count()).toBe(0);
  });

  it('staff publishes a new agreement version, previewed as the phone shows it', async () => {
    if (!staff) throw new Error('no staff page');
    await staff.goto(adminUrl(baseUrl, '/content'));
    await pageTitle(staff, 'Content').waitFor();
    await staff.getByRole('tab', { name: 'User agreement' }).click();
    await staff.getByRole('cell', { name: 'In force' }).waitFor();
    await settled(staff);
    await staff.getByRole('button', { name: /^New version/ }).click();
    const editor = staff.locator('.ant-modal').filter({ hasText: 'User agreement, version' });
    // Its language tabs take clicks once the editor has finished opening (one mid-motion was lost).
    await settled(staff);
    await editor.getByLabel('Title').fill(AGREEMENT_TITLE);
    await editor
      .getByLabel('Body')
      .fill(
        '<h2>What changes</h2><p>From 1 December, <strong>early redemption</strong> of Earn products costs the liquidated damages shown before you confirm.</p><p>Everything else stays as it was.</p>',
      );
    await editor.getByRole('tab', { name: '简体中文' }).click();
    await editor.getByRole('tab', { name: '简体中文', selected: true }).waitFor();
    await editor.getByLabel('Title').fill('用户服务协议（2026 年 12 月）');
    await editor
      .getByLabel('Body')
      .fill(
        '<h2>变更内容</h2><p>自 12 月 1 日起，提前赎回理财产品将按确认前显示的违约金扣除。</p>',
      );
    await editor.getByRole('tab', { name: 'English ✓' }).click();
    await staff
      .frameLocator('iframe[title="Agreement preview as the phone shows it"]')
      .getByText('What changes')
      .waitFor();
    await adminShots(staff, 'access-agreement-editor');
    await editor.getByRole('button', { name: 'Publish' }).click();
    // Clicked once the confirmation has finished opening (a click mid-motion was lost).
    await settled(staff);
    await staff.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click();
    await staff.getByRole('cell', { name: AGREEMENT_TITLE }).waitFor();
    await settled(staff);
    await adminShots(staff, 'access-agreement-versions');
  });

  it('the user is asked to accept it at launch, accepts, and is not asked again', async () => {
    await user.reload();
    const sheet = agreementSheet(user);
    await sheet.getByRole('heading', { name: AGREEMENT_TITLE }).waitFor();
    await sheet.getByText('early redemption').waitFor();
    // Nothing behind it can be reached until it is answered.
    await user.mouse.click(187, 60);
    expect(await sheet.isVisible()).toBe(true);
    await shotBothSchemes(user, 'access-agreement-sheet');
    const accepted = user.waitForResponse((r) => r.url().includes('user/agreementAccept'));
    await sheet.getByRole('button', { name: 'I have read and accept' }).click();
    expect((await (await accepted).json()) as { code: number }).toMatchObject({ code: 0 });
    await sheet.waitFor({ state: 'detached' });

    const checked = user.waitForResponse((r) => r.url().includes('user/agreementPending'));
    await user.reload();
    await checked;
    await user.waitForTimeout(800);
    expect(await agreementSheet(user).count()).toBe(0);
    // The agreement page shows the version in force.
    await open(user, baseUrl, '/app/pages/user/userServiceAgreement');
    await user.getByRole('heading', { name: AGREEMENT_TITLE }).waitFor();
  });

  it('staff blocks the browser’s address; the user lands on the restricted page', async () => {
    if (!staff) throw new Error('no staff page');
    await staff.goto(adminUrl(baseUrl, '/access'));
    await pageTitle(staff, 'Access restriction').waitFor();
    await staff.getByLabel('Address or range').fill(BROWSER_ADDRESS);
    await staff.getByLabel('Note').fill(NOTE);
    await staff.getByRole('button', { name: 'Block', exact: true }).click();
    await staff.getByRole('cell', { name: NOTE }).waitFor();
    await settled(staff);
    await adminShots(staff, 'access-blocks');

    await open(user, baseUrl, '/app/pages/tabbar/index/index');
    await waitForRoute(user, (hash) => hash.startsWith('/app/pages/common/limitPage'));
    await expectTitle(user, 'Your access has been restricted');
    await user.getByText('Customer service can tell you why').waitFor();
    await shotBothSchemes(user, 'access-limit-page');

    // Its way forward: customer service, which a blocked address may still reach.
    await user.getByRole('button', { name: 'Contact customer service' }).click();
    await expectTitle(user, 'Online customer service');
    await user.waitForTimeout(500);
    expect(hashOf(user)).toBe('/app/pages/index/customer');

    // A visitor from the same address is sent there too, before signing in.
    const visitor = await phone();
    await open(visitor, baseUrl, '/app/pages/user/login');
    await visitor.getByPlaceholder('Enter your account').fill(username);
    await visitor.getByPlaceholder('Enter your password').fill('Journey2024');
    await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectTitle(visitor, 'Your access has been restricted');
  });

  it('staff lifts the block; the app works again', async () => {
    if (!staff) throw new Error('no staff page');
    const row = staff.getByRole('row').filter({ hasText: NOTE });
    await row.getByRole('button', { name: 'Lift' }).click();
    await staff.locator('.ant-popconfirm').getByRole('button', { name: 'Lift' }).click();
    await staff.getByText('No address is blocked.').waitFor();

    await open(user, baseUrl, '/app/pages/common/limitPage');
    await user.getByRole('button', { name: 'Retry' }).click();
    await waitForRoute(user, (hash) => hash.startsWith('/app/pages/tabbar/index/index'));
    // Home's calls succeed: no bounce back to the restricted page.
    await user.waitForTimeout(1_500);
    expect(hashOf(user)).toMatch(/^\/app\/pages\/tabbar\/index\/index/);

    // Expected in the log: the blocked calls themselves (403, code 2011).
    expectNoConsoleErrors(errors.filter((e) => !e.includes('status of 403')));
  });
});

function hashOf(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}
