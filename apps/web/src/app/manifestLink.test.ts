import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_HREF } from './manifestLink';

describe('linkManifest', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="manifest"]').forEach((l) => {
      l.remove();
    });
  });

  it('links the manifest once, however often it is called', () => {
    linkManifest(document);
    linkManifest(document);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(MANIFEST_HREF);
  });
});
