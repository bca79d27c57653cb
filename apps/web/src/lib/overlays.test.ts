import { Modal, Toast } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { loadOverlays, loadedOverlays } from './overlayHandle';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('overlays', () => {
  it('are imported from lib/overlays only, so Toast is configured before any toast', () => {
    const direct = Object.entries(sources)
      .filter(([path]) => path !== './overlays.ts')
      .filter(([, text]) =>
        /import\s*\{[^}]*\b(Toast|Modal)\b[^}]*\}\s*from\s*'antd-mobile'/.test(
          text.replace(/import\s+type\s*\{[^}]*\}[^;]*;/g, ''),
        ),
      )
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(direct).toEqual([]);
  });

  it('load on demand and are then reachable without loading', async () => {
    expect(loadedOverlays()).toBeUndefined();
    const overlays = await loadOverlays();
    expect(overlays.Toast).toBe(Toast);
    expect(overlays.Modal).toBe(Modal);
    expect(loadedOverlays()).toEqual({ Modal, Toast });
  });
});
