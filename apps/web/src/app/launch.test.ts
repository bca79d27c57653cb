import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, getInviteCode, storage } from '@/lib/storage';
import { handleLaunchUrl } from './launch';

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
