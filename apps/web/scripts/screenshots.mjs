// Screenshots of every page at 375×812, light and dark, for looking at what we built.
//
//   npx vite build && npx vite preview --port 4173 &
//   node scripts/screenshots.mjs [baseUrl] [outDir]
//
// Without a backend the API is answered here, in the browser, by Playwright: a realistic base
// config and agreement, and "not found" for everything else. The app itself is not stubbed.
// Against the real server (which serves the built app on :8080) pass AMPERE_SHOTS_LIVE=1 and
// http://127.0.0.1:8080 to leave the API alone.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4173';
const outDir = process.argv[3] ?? '/tmp/ampere-shots';
const live = process.env.AMPERE_SHOTS_LIVE === '1';

const envelope = (data, code = 0, msg = 'ok') => JSON.stringify({ code, msg, data });

const baseConfig = {
  appName: 'Ampere',
  version: '1.0.1',
  versionCode: 101,
  wss: 'ws://127.0.0.1:8080/ws',
  language: 'en-US',
  Black_run: 'https://example.com/',
  rechargeOpen: true,
  withdrawOpen: true,
  currencies: [
    { key: 'money', name: 'CNY' },
    { key: 'usdt', name: 'USDT' },
  ],
  serverTime: Date.now(),
  feedSimulated: true,
};

const agreement = {
  title: 'User Service Agreement',
  body: 'Welcome to Ampere. These terms govern your use of the service.\n\nTrading carries risk. Only trade with money you can afford to lose.\n\nWe keep your data safe and never sell it.',
  locale: 'en-US',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

const session = {
  'ampere.token': { v: 'screenshot-token' },
  'ampere.user': {
    v: { username: 'alice', uid: 100023, status: 1, level: 'intermediate', fundPassword: false },
  },
};

/** [file name, hash route] */
const pages = [
  ['home', '/'],
  ['markets', '/app/pages/tabbar/markets/index'],
  ['trade', '/app/pages/tabbar/trade/index'],
  ['customer', '/app/pages/tabbar/customer/index'],
  ['asset', '/app/pages/tabbar/asset/index'],
  ['mine', '/app/pages/tabbar/mine/index'],
  ['online-service', '/app/pages/index/customer'],
  ['language-dialog', '/app/pages/index/languageDialog'],
  ['notice-dialog', '/app/pages/index/noticeDialog'],
  ['product-detail', '/app/pages/product/detail'],
  ['product-list-dialog', '/app/pages/product/productListDialog'],
  ['order-dialog', '/app/pages/trade/orderDialog'],
  ['setting', '/app/pages/user/setting/index'],
  ['realname', '/app/pages/user/setting/realnameAuth'],
  ['pwd', '/app/pages/user/setting/pwd'],
  ['mpwd', '/app/pages/user/setting/mpwd'],
  ['theme', '/app/pages/user/setting/theme'],
  ['color-picker-dialog', '/app/pages/user/setting/dialog/colorPickerDialog'],
  ['bind-cards', '/app/pages/user/setting/bindCards'],
  ['share', '/app/pages/user/share'],
  ['orders', '/app/pages/user/order/index'],
  ['recharge', '/app/pages/user/recharge/index'],
  ['recharge-list', '/app/pages/user/recharge/list'],
  ['withdraw', '/app/pages/user/withdraw/index'],
  ['withdraw-list', '/app/pages/user/withdraw/list'],
  ['exchange', '/app/pages/user/exchange/index'],
  ['exchange-list', '/app/pages/user/exchange/list'],
  ['earn', '/app/pages/user/earn/index'],
  ['earn-list', '/app/pages/user/earn/list'],
  ['earn-detail', '/app/pages/user/earn/detail?id=7'],
  ['earn-order', '/app/pages/user/earn/order'],
  ['mark', '/app/pages/user/mark/index'],
  ['dedicated-service', '/app/pages/user/customer'],
  ['agreement', '/app/pages/user/userServiceAgreement'],
  ['notice-view', '/app/pages/common/notice/view'],
  ['webview', '/app/pages/webview/index'],
  ['limit', '/app/pages/common/limitPage'],
  ['not-found', '/no/such/page'],
];

/** Pages a visitor sees, without a session. */
const visitorPages = [
  ['login', '/app/pages/user/login'],
  ['register', '/app/pages/user/register?i=FRIEND42'],
  ['findpwd', '/app/pages/user/findpwd'],
  ['guarded-redirect', '/app/pages/user/recharge/index?type=usdt'],
];

async function answerApi(page) {
  await page.route('**/api/v1/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const body = path.endsWith('/common/base')
      ? envelope(baseConfig)
      : path.endsWith('/common/userServiceAgreement')
        ? envelope(agreement)
        : envelope(null, 1004, 'Not found');
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  });
}

async function shoot(browser, { scheme, locale, withSession, list, dir }) {
  mkdirSync(dir, { recursive: true });
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    colorScheme: scheme,
  });
  const stored = {
    'ampere.theme': { v: scheme },
    'ampere.locale': { v: locale },
    ...(withSession ? session : {}),
  };
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, JSON.stringify(value));
    }
  }, stored);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${scheme}] page error:`, error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[${scheme}] console:`, message.text());
  });
  if (!live) await answerApi(page);
  for (const [name, route] of list) {
    await page.goto(`${baseUrl}/#${route}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400); // popups animate in
    const file = join(dir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}  ←  #${route}  →  ${new URL(page.url()).hash}`);
  }
  await context.close();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const scheme of ['light', 'dark']) {
    const dir = join(outDir, scheme);
    await shoot(browser, { scheme, locale: 'en-US', withSession: true, list: pages, dir });
    await shoot(browser, { scheme, locale: 'en-US', withSession: false, list: visitorPages, dir });
  }
  const zhPages = pages.filter(([name]) => ['home', 'asset', 'mine', 'setting'].includes(name));
  await shoot(browser, {
    scheme: 'light',
    locale: 'zh-Hans',
    withSession: true,
    list: zhPages,
    dir: join(outDir, 'zh-Hans'),
  });
} finally {
  await browser.close();
}
