import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectTitle, open, shot } from '../support/app.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');

/** The build the journeys' server serves (its own copy), and the worker's script in it with its two copies. */
const WORKER = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(inject('webDist'), name));

const UPDATE = 'A new version is available. Reload to use it.';

/** The worker's state as the page sees it: which script controls it, and what waits. */
const workerState = () =>
  navigator.serviceWorker.getRegistration().then((r) => ({
    active: r?.active?.state ?? null,
    waiting: r?.waiting?.state ?? null,
    installing: r?.installing?.state ?? null,
    controlled: navigator.serviceWorker.controller !== null,
  }));

describe('a new build is announced, never swapped in under the user (#20)', () => {
  const { phone } = usePhones();
  const original = WORKER.map((file) => fs.readFileSync(file));

  // The run's journeys share one server and its build: the deployed worker is put back whatever happens.
  afterEach(() => {
    WORKER.forEach((file, i) => {
      fs.writeFileSync(file, original[i] ?? Buffer.alloc(0));
    });
  });

  it('asks before reloading into the new version; "Later" keeps the running one', async () => {
    const page = await phone();
    await open(page, baseUrl, '/app/pages/user/login');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expectTitle(page, 'Log in');
    expect(await page.evaluate(workerState)).toMatchObject({
      active: 'activated',
      controlled: true,
    });

    // A deploy: the server now serves a different worker script (as a new build's would be).
    const script = Buffer.concat([
      original[0] ?? Buffer.alloc(0),
      Buffer.from('\n// next build\n'),
    ]);
    fs.writeFileSync(WORKER[0] ?? '', script);
    fs.writeFileSync(WORKER[1] ?? '', brotliCompressSync(script));
    fs.writeFileSync(WORKER[2] ?? '', gzipSync(script));

    // The app's hourly check, now: the new worker installs and waits; the user is asked.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    // (antd-mobile's modal: its outer element has no box of its own; its text and buttons do.)
    const dialog = page.locator('.adm-modal').filter({ hasText: UPDATE });
    await dialog.getByText(UPDATE).waitFor();
    await shot(page, 'pwa-update-prompt');

    // Later: nothing changes under the user; the new version waits.
    await dialog.getByRole('button', { name: 'Later' }).click();
    await page.getByText(UPDATE).waitFor({ state: 'hidden' });
    expect(await page.evaluate(workerState)).toMatchObject({
      active: 'activated',
      waiting: 'installed',
    });
    await expectTitle(page, 'Log in');

    // Opened again later, the app finds the version still waiting and asks; Reload takes it.
    await page.reload();
    await expectTitle(page, 'Log in');
    const again = page.locator('.adm-modal').filter({ hasText: UPDATE });
    await again.getByText(UPDATE).waitFor();
    const reloaded = page.waitForEvent('load');
    await again.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expectTitle(page, 'Log in');
    await expect
      .poll(() => page.evaluate(workerState))
      .toMatchObject({ active: 'activated', waiting: null, controlled: true });
    expect(await page.getByText(UPDATE).count()).toBe(0);
  });
});
