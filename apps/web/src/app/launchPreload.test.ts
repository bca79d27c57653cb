import { afterEach, describe, expect, it } from 'vitest';
import { HOME_PATH } from '@/lib/nav';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { preloadFirstPage } from './launchPreload';

const FILES = {
  login: ['/assets/login-a.css', '/assets/login-a.js'],
  home: ['/assets/home-b.css', '/assets/home-b.js', '/assets/schemas-c.js'],
};

/** Runs the preload as index.html's script would, at `hash`, and lists the links it added. */
function preloadAt(hash: string, store: Storage = localStorage) {
  window.location.hash = hash;
  const before = new Set(document.head.querySelectorAll('link'));
  preloadFirstPage(FILES, document, store);
  return [...document.head.querySelectorAll('link')]
    .filter((link) => !before.has(link))
    .map(
      (link) =>
        `${link.rel}${link.as ? `:${link.as}` : ''}${link.hasAttribute('crossorigin') ? ':cors' : ''} ${link.getAttribute('href')}`,
    );
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  window.location.hash = '';
});

describe('preloadFirstPage', () => {
  it('starts Log in for a visitor opening Home', () => {
    for (const hash of ['', '#/', `#${HOME_PATH}`, `#${HOME_PATH}?x=1`]) {
      expect(preloadAt(hash)).toEqual([
        'preload:style:cors /assets/login-a.css',
        'modulepreload /assets/login-a.js',
      ]);
      for (const link of document.head.querySelectorAll('link')) link.remove();
    }
  });

  it("starts Home's parts for a signed-in user, read as the app stores the session", () => {
    storage.set(STORAGE_KEYS.token, 'token');
    storage.set(STORAGE_KEYS.user, { username: 'amy' });
    expect(preloadAt('#/')).toEqual([
      'preload:style:cors /assets/home-b.css',
      'modulepreload /assets/home-b.js',
      'modulepreload /assets/schemas-c.js',
    ]);
  });

  it('takes a token without a user for a visitor, as the app does', () => {
    storage.set(STORAGE_KEYS.token, 'token');
    expect(preloadAt('#/')).toEqual([
      'preload:style:cors /assets/login-a.css',
      'modulepreload /assets/login-a.js',
    ]);
  });

  it('leaves any other address to the app', () => {
    expect(preloadAt('#/app/pages/user/register')).toEqual([]);
  });

  it('never throws: a malformed entry or storage that refuses to be read preloads nothing', () => {
    localStorage.setItem(STORAGE_KEYS.token, '{not json');
    expect(preloadAt('#/')).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(preloadAt('#/', refusing)).toEqual([]);
  });

  it('uses nothing outside its own body, so it runs serialized in a classic script', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- what first-page.js runs: the source alone
    const run = new Function(
      'files',
      'doc',
      'storage',
      `(${preloadFirstPage.toString()})(files, doc, storage)`,
    ) as typeof preloadFirstPage;
    expect(() => {
      run(FILES, document, localStorage);
    }).not.toThrow();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
  });
});
