import type { AdminNotice } from '@ampere/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import ContentPage from './ContentPage';

const api = pageTests();

const notice: AdminNotice = {
  id: '7',
  texts: [
    { locale: 'en-US', title: 'Maintenance', body: '<p>Tonight</p>' },
    { locale: 'zh-Hans', title: '维护', body: '<p>今晚</p>' },
  ],
  pinned: true,
  popup: false,
  published: true,
  publishedAt: '2026-11-26T08:00:00.000Z',
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
};

describe('content', () => {
  it('lists announcements; support edits one in a language tab, previewed in a sandboxed frame', async () => {
    api.server.on('GET content/notices', ok({ items: [notice] }));
    api.server.on('POST content/notices/7', ok(notice));
    renderAsMember(<ContentPage />, 'support');
    const row = (await screen.findByText('Maintenance')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('en-US · zh-Hans')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    // 13 language tabs; those written carry a tick.
    expect(within(dialog).getAllByRole('tab')).toHaveLength(13);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Deutsch' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Wartung' } });
    fireEvent.change(within(dialog).getByLabelText('Body'), {
      target: { value: '<p>Heute Nacht</p><script>alert(1)</script>' },
    });
    const preview = within(dialog).getByTitle('Preview as the phone shows it');
    // Unsaved text is drawn with no script allowed and an origin of its own.
    expect(preview.getAttribute('sandbox')).toBe('');
    expect(preview.getAttribute('srcdoc')).toContain('Wartung');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(api.server.last('POST content/notices/7')?.body).toEqual({
        texts: [
          { locale: 'en-US', title: 'Maintenance', body: '<p>Tonight</p>' },
          { locale: 'zh-Hans', title: '维护', body: '<p>今晚</p>' },
          { locale: 'de', title: 'Wartung', body: '<p>Heute Nacht</p><script>alert(1)</script>' },
        ],
        pinned: true,
        popup: false,
        published: true,
      });
    });
  });

  it('is read-only without content.manage', async () => {
    api.server.on('GET content/notices', ok({ items: [notice] }));
    renderAsMember(<ContentPage />, 'auditor');
    await screen.findByText('Maintenance');
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
