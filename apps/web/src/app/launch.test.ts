import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, getInviteCode, storage } from '@/lib/storage';
import { handleLaunchUrl, preloadHomeParts, preloadLandingPage } from './launch';

/** A Location and History pair that records where replaceState moved the address. */
function launchAt(href: string) {
  const url = new URL(href);
  const location = {
    href: url.href,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
  } as Location;
  const moves: string[] = [];
  const history = {
    replaceState: (_state: unknown, _title: string, to: string) => moves.push(to),
  } as unknown as History;
  handleLaunchUrl(location, history);
  return moves;
}

afterEach(() => {
  storage.remove(STORAGE_KEYS.inviteCode);
});

describe('handleLaunchUrl', () => {
  it('keeps an invite code from the query or from the hash route', () => {
    launchAt('https://a.example/?i=CODE1#/');
    expect(getInviteCode()).toBe('CODE1');
    launchAt('https://a.example/#/app/pages/user/register?i=CODE2');
    expect(getInviteCode()).toBe('CODE2');
  });

  it('turns a universal link into the app address of its target', () => {
    const target = '/app/pages/user/share?x=1';
    const moves = launchAt(
      `https://a.example/app/ulink/redirect.html?url=${encodeURIComponent(target)}`,
    );
    expect(moves).toEqual([`/app/#${target}`]);
  });

  it('opens Home for a universal link with an unsafe target', () => {
    const moves = launchAt('https://a.example/ulink/redirect.html?url=https%3A%2F%2Fevil.example');
    expect(moves).toEqual(['/#/']);
  });

  it('leaves any other address alone', () => {
    expect(launchAt('https://a.example/#/app/pages/tabbar/mine/index')).toEqual([]);
  });
});

describe('preloadLandingPage', () => {
  const at = (hash: string) => ({ hash }) as Location;
  const preload = (hash: string, isLogin: boolean) => {
    const load = vi.fn(() => Promise.resolve());
    const started = preloadLandingPage(at(hash), isLogin, load);
    expect(load).toHaveBeenCalledTimes(started ? 1 : 0);
    return started;
  };

  it('starts Log in for a visitor on Home or another guarded page', () => {
    expect(preload('', false)).toBe(true);
    expect(preload('#/', false)).toBe(true);
    expect(preload('#/app/pages/user/setting/index?x=1', false)).toBe(true);
  });

  it('starts nothing for a signed-in user, or on a page a visitor may see', () => {
    expect(preload('#/', true)).toBe(false);
    expect(preload('#/app/pages/user/login', false)).toBe(false);
    expect(preload('#/app/pages/user/register?i=CODE', false)).toBe(false);
  });

  it('keeps a failed load quiet: the page reports it when it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    expect(preloadLandingPage(at('#/'), false, load)).toBe(true);
    await Promise.resolve();
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('preloadHomeParts', () => {
  const at = (hash: string) => ({ hash }) as Location;
  const preload = (hash: string, isLogin: boolean) => {
    const load = vi.fn(() => Promise.resolve());
    const started = preloadHomeParts(at(hash), isLogin, load);
    expect(load).toHaveBeenCalledTimes(started ? 1 : 0);
    return started;
  };

  it("starts Home's parts for a signed-in user opening Home", () => {
    expect(preload('', true)).toBe(true);
    expect(preload('#/', true)).toBe(true);
    expect(preload('#/app/pages/tabbar/index/index', true)).toBe(true);
  });

  it('starts nothing for a visitor, or on another page', () => {
    expect(preload('#/', false)).toBe(false);
    expect(preload('#/app/pages/tabbar/markets/index', true)).toBe(false);
    expect(preload('#/app/pages/index/index', true)).toBe(false);
  });

  it('keeps a failed load quiet: the page reports it when it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    expect(preloadHomeParts(at('#/'), true, load)).toBe(true);
    await Promise.resolve();
    expect(load).toHaveBeenCalledOnce();
  });
});
