import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Install from './install';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1';

/** A window of its own: the events, the browser's name and whether it runs installed. */
function fakeWindow(
  userAgent: string,
  opts: { maxTouchPoints?: number; standalone?: boolean } = {},
) {
  return Object.assign(new EventTarget(), {
    navigator: { userAgent, maxTouchPoints: opts.maxTouchPoints ?? 0 },
    matchMedia: (query: string) => ({
      matches: query === '(display-mode: standalone)' && opts.standalone === true,
    }),
  }) as unknown as Window;
}

/** Chromium's event, with the user's answer to the dialog it opens. */
function installPrompt(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

describe('install (#20)', () => {
  let install: typeof Install;
  beforeEach(async () => {
    vi.resetModules();
    install = await import('./install');
  });

  it('offers nothing on a browser that has no install prompt and is not iOS', () => {
    const win = fakeWindow(ANDROID);
    install.watchInstall(win);
    expect(install.installWay(win)).toBeNull();
  });

  it('holds Chromium’s prompt back, opens it when asked, and offers it once', async () => {
    const win = fakeWindow(ANDROID);
    install.watchInstall(win);
    const event = installPrompt('dismissed');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(install.installWay(win)).toBe('prompt');

    await expect(install.promptInstall()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledOnce();
    // A prompt is shown once; the browser offers another later.
    expect(install.installWay(win)).toBeNull();
    await expect(install.promptInstall()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledOnce();

    const next = installPrompt('accepted');
    win.dispatchEvent(next);
    await expect(install.promptInstall()).resolves.toBe('accepted');
  });

  it('tells iPhone and iPad users to add it by hand', () => {
    expect(install.installWay(fakeWindow(IPHONE))).toBe('ios');
    expect(install.installWay(fakeWindow(IPAD, { maxTouchPoints: 5 }))).toBe('ios');
    // A Mac's Safari has no touch screen and no home screen.
    expect(install.installWay(fakeWindow(IPAD))).toBeNull();
  });

  it('offers nothing once installed, or when running installed', () => {
    expect(install.installWay(fakeWindow(IPHONE, { standalone: true }))).toBeNull();
    const win = fakeWindow(ANDROID);
    install.watchInstall(win);
    win.dispatchEvent(installPrompt('accepted'));
    win.dispatchEvent(new Event('appinstalled'));
    expect(install.installWay(win)).toBeNull();
  });

  it('tells its subscribers when the way changes', () => {
    const win = fakeWindow(ANDROID);
    install.watchInstall(win);
    const seen: (string | null)[] = [];
    const stop = install.subscribeInstall(() => seen.push(install.installWay(win)));
    win.dispatchEvent(installPrompt('dismissed'));
    win.dispatchEvent(new Event('appinstalled'));
    stop();
    win.dispatchEvent(installPrompt('dismissed'));
    expect(seen).toEqual(['prompt', null]);
  });
});
