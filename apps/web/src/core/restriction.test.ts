import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindRouterNavigate } from './navigation';
import { isOpenWhenRestricted, sendTo } from './restriction';

describe('sendTo (config Black_run)', () => {
  const navigate = vi.fn();
  const assign = vi.fn();
  /** The app at http://app.test/ on the route `hash`. */
  const at = (hash: string) =>
    vi
      .spyOn(window, 'location', 'get')
      // Only what sendTo reads of the address bar.
      .mockReturnValue({
        origin: 'http://app.test',
        pathname: '/',
        hash,
        assign,
      } as unknown as Location);

  beforeEach(() => {
    bindRouterNavigate(navigate);
    at('#/app/pages/tabbar/index/index');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    navigate.mockReset();
    assign.mockReset();
  });

  it('opens the app’s own restricted page by its route, without reloading', () => {
    sendTo('http://app.test/#/app/pages/common/limitPage');
    expect(navigate).toHaveBeenCalledWith('/app/pages/common/limitPage', { replace: true });
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves for the operator’s own address', () => {
    sendTo('https://help.example/restricted');
    expect(assign).toHaveBeenCalledWith('https://help.example/restricted');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('follows nothing but a web address', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', '']) sendTo(url);
    expect(assign).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the user where they are on the pages open to them', () => {
    at('#/app/pages/index/customer');
    sendTo('http://app.test/#/app/pages/common/limitPage');
    expect(navigate).not.toHaveBeenCalled();
    expect(isOpenWhenRestricted('/app/pages/common/limitPage')).toBe(true);
    expect(isOpenWhenRestricted('/app/pages/tabbar/index/index')).toBe(false);
  });
});
