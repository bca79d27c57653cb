import { describe, expect, it } from 'vitest';
import {
  HOME_PATH,
  LOGIN_PATH,
  RELAUNCH_DELAY_MS,
  TAB_PATHS,
  isDialogPath,
  isOpenPath,
  isTabPath,
  loginRedirect,
  navModeFor,
  parseLaunchTarget,
  resolveReturn,
} from './nav';

describe('path classes', () => {
  it('knows the six tabs and that a tabbar/ path is a tab', () => {
    expect(Object.keys(TAB_PATHS)).toEqual([
      'home',
      'markets',
      'trade',
      'customer',
      'asset',
      'mine',
    ]);
    expect(HOME_PATH).toBe('/app/pages/tabbar/index/index');
    expect(TAB_PATHS.mine).toBe('/app/pages/tabbar/mine/index');
    expect(isTabPath('/app/pages/tabbar/markets/index?x=1')).toBe(true);
    expect(isTabPath('/app/pages/user/login')).toBe(false);
  });

  it('lets visitors see only the open pages, whatever the query', () => {
    expect(isOpenPath(LOGIN_PATH)).toBe(true);
    expect(isOpenPath('/app/pages/webview/index?url=https%3A%2F%2Fx')).toBe(true);
    expect(isOpenPath('/app/pages/user/register')).toBe(true);
    expect(isOpenPath('/app/pages/user/findpwd')).toBe(true);
    expect(isOpenPath('/app/pages/index/customer')).toBe(true);
    expect(isOpenPath('/app/pages/user/userServiceAgreement')).toBe(true);
    expect(isOpenPath('/app/pages/user/customer')).toBe(false);
    expect(isOpenPath('/app/pages/user/login/extra')).toBe(false);
    expect(isOpenPath(HOME_PATH)).toBe(false);
  });

  it('recognises dialog pages', () => {
    expect(isDialogPath('/app/pages/index/languageDialog')).toBe(true);
    expect(isDialogPath('/app/pages/user/setting/dialog/colorPickerDialog?c=1')).toBe(true);
    expect(isDialogPath('/app/pages/product/detail')).toBe(false);
  });
});

describe('return addresses', () => {
  it('encodes the current page into r=', () => {
    expect(loginRedirect('/app/pages/user/recharge/index?type=usdt&x=1')).toBe(
      '/app/pages/user/login?r=%2Fapp%2Fpages%2Fuser%2Frecharge%2Findex%3Ftype%3Dusdt%26x%3D1',
    );
    expect(loginRedirect('/app/pages/user/login?r=x')).toBe(LOGIN_PATH);
  });

  it('round-trips through loginRedirect, whether or not r was already decoded', () => {
    const current = '/app/pages/product/detail?id=7&from=home';
    const href = loginRedirect(current);
    const rawR = href.slice(href.indexOf('r=') + 2);
    expect(resolveReturn(rawR, '/ignored')).toBe(current);
    expect(resolveReturn(new URLSearchParams(href.split('?')[1]).get('r'), '/x')).toBe(current);
  });

  it('treats r=? as the current page and a missing r as Home', () => {
    expect(resolveReturn('?', '/app/pages/user/share')).toBe('/app/pages/user/share');
    expect(resolveReturn(null, '/app/pages/user/share')).toBe(HOME_PATH);
    expect(resolveReturn('', '/app/pages/user/share')).toBe(HOME_PATH);
  });

  it.each([
    '//evil.example/app/pages/x',
    'https://evil.example/app/pages/x',
    'http%3A%2F%2Fevil.example',
    'javascript:alert(1)',
    '/app/pages/../../evil',
    '/app/pages/./x',
    '/app/pages//evil.example',
    '/app/pages\\evil',
    '/other/path',
    '%E0%A4%A',
    LOGIN_PATH,
    `${LOGIN_PATH}?r=x`,
  ])('refuses %j and goes Home', (r) => {
    expect(resolveReturn(r, '/app/pages/user/share')).toBe(HOME_PATH);
  });

  it('does not honour r=? from the login page itself', () => {
    expect(resolveReturn('?', LOGIN_PATH)).toBe(HOME_PATH);
  });
});

describe('parseLaunchTarget', () => {
  const target = '/app/pages/common/notice/view?id=3';
  const encoded = encodeURIComponent(target);

  it('reads universal links and hash redirect routes', () => {
    expect(parseLaunchTarget(`https://a.example/ulink/redirect.html?url=${encoded}`)).toBe(target);
    expect(parseLaunchTarget(`https://a.example/#/redirect?url=${encoded}`)).toBe(target);
    expect(parseLaunchTarget(`/#/redirect?url=${encoded}`)).toBe(target);
  });

  it('yields undefined for other links and unsafe targets', () => {
    expect(parseLaunchTarget('https://a.example/#/app/pages/user/share')).toBeUndefined();
    expect(parseLaunchTarget('https://a.example/ulink/redirect.html')).toBeUndefined();
    expect(parseLaunchTarget('https://a.example/#/redirect')).toBeUndefined();
    expect(
      parseLaunchTarget(
        `https://a.example/ulink/redirect.html?url=${encodeURIComponent('https://evil')}`,
      ),
    ).toBeUndefined();
    expect(parseLaunchTarget(`/#/redirect?url=${encodeURIComponent(LOGIN_PATH)}`)).toBeUndefined();
    expect(parseLaunchTarget('http://[bad')).toBeUndefined();
  });
});

describe('navModeFor', () => {
  it('forces tab switches for tab pages', () => {
    expect(navModeFor(TAB_PATHS.asset, 'push')).toBe('switchTab');
    expect(navModeFor(TAB_PATHS.asset, 'redirect')).toBe('switchTab');
    expect(navModeFor(TAB_PATHS.asset, 'relaunch')).toBe('switchTab');
  });

  it('opens web URLs externally unless a webview was asked for', () => {
    expect(navModeFor('https://x.example/tabbar/a', 'push')).toBe('external');
    expect(navModeFor('http://x.example', 'redirect')).toBe('external');
    expect(navModeFor('https://x.example', 'webview')).toBe('webview');
  });

  it('passes other requests through', () => {
    expect(navModeFor('/app/pages/user/share', 'push')).toBe('push');
    expect(navModeFor('/app/pages/user/share', 'relaunch')).toBe('relaunch');
    expect(navModeFor('', 'back')).toBe('back');
    expect(RELAUNCH_DELAY_MS).toBe(300);
  });
});
