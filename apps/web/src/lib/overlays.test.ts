import { Modal, Toast } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { loadOverlays, loadedOverlays } from './overlayHandle';

describe('overlays', () => {
  it('load on demand and are then reachable without loading', async () => {
    expect(loadedOverlays()).toBeUndefined();
    const overlays = await loadOverlays();
    expect(overlays.Toast).toBe(Toast);
    expect(overlays.Modal).toBe(Modal);
    expect(loadedOverlays()).toEqual({ Modal, Toast });
  });
});
