import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, expectTitle, open, shot, signUp, webLocale } from '../support/app.js';
import { credit } from '../support/ops.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');

const LOGIN = '/app/pages/user/login';

/** Every message of a locale's `errors` group, longest first. */
function longestError(locale: string): string {
  const errors = webLocale(locale).errors as Record<string, string>;
  return Object.values(errors).sort((a, b) => b.length - a.length)[0] ?? '';
}

/**
 * How the toast's text is laid out: its lines, and the words (runs between spaces; every
 * character in CJK text) whose glyphs lie on more than one line.
 */
function toastLayout(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('.adm-toast-main');
    const node = main?.querySelector('.adm-toast-main-text, div:last-child') ?? main;
    const walker = document.createTreeWalker(node ?? document.body, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const tops = new Set<number>();
    const broken: string[] = [];
    const lineStarts: string[] = [];
    let lastTop: number | undefined;
    for (const text of texts) {
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const wordTops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        // CJK runs have no spaces: a break inside them is between characters, and allowed.
        if (wordTops.size > 1 && !/[\u3000-\u9fff\uff00-\uffef]/.test(match[0])) {
          broken.push(match[0]);
        }
        for (let i = 0; i < match[0].length; i++) {
          const c = document.createRange();
          c.setStart(text, match.index + i);
          c.setEnd(text, match.index + i + 1);
          const rect = c.getClientRects()[0];
          if (!rect) continue;
          const top = Math.round(rect.top);
          tops.add(top);
          if (lastTop !== undefined && top > lastTop + 2) lineStarts.push(match[0].charAt(i));
          lastTop = top;
        }
      }
    }
    return { lines: tops.size, broken, lineStarts, text: node?.textContent ?? '' };
  });
}

describe('polish (#21)', () => {
  const { phone, errors } = usePhones();

  it('has no back arrow on the login page when the app opens on it, and one after a page', async () => {
    const page = await phone();
    await open(page, baseUrl, LOGIN);
    await expectTitle(page, 'Log in');
    expect(await page.locator('.adm-nav-bar-back').count()).toBe(0);
    await shot(page, 'polish-login-first');

    // A guarded page opened first sends the visitor to login in its place: still the first page.
    const guarded = await phone();
    await open(guarded, baseUrl, '/app/pages/tabbar/mine/index');
    await expectTitle(guarded, 'Log in');
    expect(await guarded.locator('.adm-nav-bar-back').count()).toBe(0);
    // Another page (reached in the app) keeps its arrow.
    await guarded.getByRole('link', { name: 'Forgot password?' }).click();
    await guarded.locator('.adm-nav-bar-back').waitFor();
    expect(errors).toEqual([]);
  });

  it.each([
    ['en-US', 'en-US'],
    ['de', 'de-DE'],
    ['zh-Hans', 'zh-CN'],
  ] as const)('wraps long toasts between words in %s', async (locale, browserLocale) => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await phone({ locale: browserLocale, colorScheme: scheme });
      await open(page, baseUrl, LOGIN);
      await page.waitForFunction((key) => document.documentElement.lang === key, locale);
      // No answer from the server: the toast says the network failed, in the user's language.
      await page.route('**/api/v1/user/login**', (route) => route.abort('internetdisconnected'));
      await page.locator('input').nth(0).fill('someone');
      await page.locator('input[type="password"]').first().fill(PASSWORD);
      await page.locator('button[type="submit"]').first().click();
      const expected = (webLocale(locale).errors as Record<string, string>).request_failed ?? '';
      await page.locator('.adm-toast-main').getByText(expected).waitFor();
      const real = await toastLayout(page);
      expect(real.broken, `${locale}: ${real.text}`).toEqual([]);

      // The locale's longest message in the same toast: several lines, still whole words, and
      // no line of CJK text starting with closing punctuation.
      const longest = longestError(locale);
      await page.evaluate((text) => {
        const main = document.querySelector('.adm-toast-main');
        const target = main?.querySelector('.adm-toast-main-text, div:last-child') ?? main;
        if (target)
          target.textContent = Array(6)
            .fill(text)
            .join(text.includes(' ') ? ' ' : '，');
      }, longest);
      const long = await toastLayout(page);
      await shot(page, `polish-toast-${locale}-${scheme}`);
      expect(long.lines, long.text).toBeGreaterThan(1);
      expect(long.broken, `${locale}: ${long.text}`).toEqual([]);
      expect(long.lineStarts.filter((c) => /[，。、！？；：」』）]/.test(c))).toEqual([]);
    }
  });

  /** Places a 100.00 CNY, 30 s BTC/USDT order with the session the page holds. */
  async function buy(page: Page, direction: 'up' | 'down') {
    const answer = await page.evaluate(async (dir) => {
      const raw = localStorage.getItem('ampere.token') ?? '{}';
      const token = (JSON.parse(raw) as { v?: string }).v ?? '';
      const res = await fetch('/api/v1/user/buy', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `polish-${dir}-${Date.now()}-xxxxxxxx`,
        },
        body: JSON.stringify({
          symbol: 'BTC/USDT',
          direction: dir,
          amount: '100.00',
          currency: 'money',
          period: 30,
        }),
      });
      return JSON.stringify({ status: res.status, body: (await res.json()) as unknown });
    }, direction);
    expect(JSON.parse(answer), answer).toMatchObject({ status: 200, body: { code: 0 } });
  }

  it.each(['light', 'dark'] as const)(
    'shows Financial records and Order records in the %s theme',
    async (scheme) => {
      const page = await phone({ colorScheme: scheme });
      const username = await signUp(page, baseUrl);
      await credit(username, '1000.00', 'money');
      await buy(page, 'up');
      await buy(page, 'down');
      await open(page, baseUrl, '/app/pages/user/mark/index');
      // A credit and two stakes: three lines, not five ledger legs.
      await page.getByTestId('statement-row').nth(2).waitFor();
      expect(await page.getByTestId('statement-row').count()).toBe(3);
      await shot(page, `polish-financial-records-${scheme}`);
      await open(page, baseUrl, '/app/pages/user/order/index');
      await page.getByTestId('order-card').first().waitFor();
      await shot(page, `polish-order-records-${scheme}`);
    },
  );

  it.each(['light', 'dark'] as const)(
    'shows the 1Day and 1Hour charts with history from the first start, %s theme',
    async (scheme) => {
      // The simulated feed backfilled forty days when the run's server first started.
      const days = (await (
        await fetch(`${baseUrl}/api/v1/market/kline?symbol=BTC/USDT&interval=1Day&limit=500`)
      ).json()) as { data: { candles: unknown[] } };
      expect(days.data.candles.length).toBe(40);
      const page = await phone({ colorScheme: scheme });
      await signUp(page, baseUrl);
      for (const interval of ['1Day', '1Hour', '1s']) {
        await open(page, baseUrl, `/app/pages/product/detail?id=BTC%2FUSDT&interval=${interval}`);
        await page
          .locator(`[data-testid="kline-chart"][data-status="ready"][aria-label*="${interval}"]`)
          .waitFor();
        await page.waitForTimeout(2000);
        await shot(page, `polish-chart-${interval.toLowerCase()}-${scheme}`);
      }
    },
  );
});
