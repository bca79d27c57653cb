import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, inject } from 'vitest';
import { openContexts } from './browser.js';

/**
 * What a failed journey test leaves behind, printed with its error: CI keeps only its output, and
 * a journey that fails once in several runs cannot be asked again. For every page still open:
 * its address, what it shows that explains most failures (dialogs, toasts, alerts, motions still
 * running), whether its main thread answers, and a screenshot in the results folder; then the
 * server's log for the test's time — its warnings and errors, every API answer of 400 or more,
 * and every API answer slower than a second.
 */
beforeEach(({ onTestFailed, task }) => {
  const startedMs = Date.now();
  onTestFailed(async () => {
    const lines = [`\n--- diagnosis: ${task.name}`];
    let index = 0;
    for (const context of openContexts)
      for (const page of context.pages())
        lines.push(...(await describePage(page, index++, task.name)));
    lines.push(...serverLog(startedMs));
    console.log(lines.join('\n'));
    // .ci/run prints this file after the suites' logs, where CI's output ends.
    const file = process.env.E2E_DIAGNOSIS_FILE;
    if (file) fs.appendFileSync(file, `${lines.join('\n')}\n`);
  });
});

const SHOT_DIR = path.join(process.env.CI_RESULTS_DIR ?? os.tmpdir(), 'e2e-failures');

/** Resolves with `fallback` when `work` takes longer than `ms` (a page that does not answer). */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => {
      setTimeout(() => {
        resolve(fallback);
      }, ms);
    }),
  ]);
}

async function describePage(page: Page, index: number, test: string): Promise<string[]> {
  const lines = [`page ${index}: ${page.url()}`];
  const shown = await within(
    page.evaluate(() => {
      const texts = (selector: string) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector))
          .filter((e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed')
          .map((e) => (e.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 160))
          .filter((t) => t !== '');
      return {
        dialogs: texts('[role="dialog"], .ant-modal-title, .adm-popup-body, .adm-dialog'),
        toasts: texts('.ant-message-notice, .ant-notification-notice, .adm-toast-main'),
        alerts: texts('.ant-alert, [role="alert"]'),
        motions: Array.from(
          document.querySelectorAll(
            '[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]',
          ),
        ).map((e) => (e.getAttribute('class') ?? '').slice(0, 120)),
        heading: texts('h1, .ant-page-header-heading-title, .adm-nav-bar-title').slice(0, 3),
        theme: document.documentElement.dataset.theme ?? '',
      };
    }),
    5_000,
    undefined,
  );
  if (shown === undefined) lines.push('  the page did not answer within 5 s');
  else
    for (const [key, value] of Object.entries(shown))
      if (Array.isArray(value) ? value.length > 0 : value !== '')
        lines.push(`  ${key}: ${JSON.stringify(value)}`);
  fs.mkdirSync(SHOT_DIR, { recursive: true });
  const file = path.join(SHOT_DIR, `${test.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`);
  if (
    await within(
      page.screenshot({ path: file }).then(() => true),
      10_000,
      false,
    )
  )
    lines.push(`  screenshot: ${file}`);
  return lines;
}

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The server log's lines worth reading for a failure, from the test's start. */
function serverLog(sinceMs: number): string[] {
  const file = path.join(inject('dataDir'), 'server.log');
  if (!fs.existsSync(file)) return ['server log: none'];
  const picked: string[] = [];
  const requests = new Map<string, string>();
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    let line: LogLine & { reqId?: string };
    try {
      line = JSON.parse(raw) as LogLine & { reqId?: string };
    } catch {
      continue;
    }
    if ((line.time ?? 0) < sinceMs) continue;
    const at = new Date(line.time ?? 0).toISOString().slice(11, 23);
    if (line.req?.url !== undefined && line.reqId !== undefined)
      requests.set(line.reqId, `${line.req.method ?? ''} ${line.req.url}`);
    const request = line.reqId === undefined ? '' : (requests.get(line.reqId) ?? '');
    const status = line.res?.statusCode ?? 0;
    const slow = (line.responseTime ?? 0) > 1_000;
    if ((line.level ?? 0) >= 40)
      picked.push(`${at} ${line.level} ${line.msg ?? ''} ${line.err?.message ?? ''} ${request}`);
    else if (request.includes('/api/') && (status >= 400 || slow))
      picked.push(`${at} ${status} ${Math.round(line.responseTime ?? 0)} ms ${request}`);
  }
  return [`server log (${picked.length} lines worth reading):`, ...picked.slice(-25)];
}
