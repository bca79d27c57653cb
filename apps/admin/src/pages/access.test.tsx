import type { AddressBlock, AdminAgreementVersion } from '@ampere/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import AccessPage from './AccessPage';
import ContentPage from './ContentPage';

const api = pageTests();

const block: AddressBlock = {
  id: '3',
  cidr: '203.0.113.0/24',
  family: 'ipv4',
  size: '256',
  note: 'card testing',
  expiresAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: 'staff:risk1',
  state: 'active',
  removedAt: null,
  removedBy: null,
};
const settings = {
  blackRunUrl: '',
  effectiveUrl: 'http://localhost/#/app/pages/common/limitPage',
};

describe('access restriction', () => {
  it('lists the blocks in force; risk blocks a range and lifts one', async () => {
    api.server.on('GET access/blocks', ok({ items: [block], nextCursor: null, active: 1 }));
    api.server.on('GET access/settings', ok(settings));
    api.server.on('POST access/blocks', ok({ ...block, id: '4', cidr: '198.51.100.0/24' }));
    api.server.on('POST access/blocks/3/delete', ok({ ...block, state: 'removed' }));
    renderAsMember(<AccessPage />, 'risk');
    const row = (await screen.findByText('card testing')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('203.0.113.0/24')).toBeTruthy();
    expect(within(row).getByText('256')).toBeTruthy();
    expect(await screen.findByText(settings.effectiveUrl)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Address or range'), {
      target: { value: ' 198.51.100.7/24 ' },
    });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'ticket 88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => {
      expect(api.server.last('POST access/blocks')?.body).toEqual({
        cidr: '198.51.100.7/24',
        note: 'ticket 88',
        expiresAt: null,
      });
    });

    fireEvent.click(within(row).getByRole('button', { name: 'Lift' }));
    // The confirmation's own button: the last one by that name.
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Lift' }).length).toBeGreaterThan(1);
    });
    const lifts = screen.getAllByRole('button', { name: 'Lift' });
    fireEvent.click(lifts[lifts.length - 1] ?? row);
    await waitFor(() => {
      expect(api.server.last('POST access/blocks/3/delete')).toBeDefined();
    });
  });

  it('is read-only without access.manage', async () => {
    api.server.on('GET access/blocks', ok({ items: [block], nextCursor: null, active: 1 }));
    api.server.on('GET access/settings', ok(settings));
    renderAsMember(<AccessPage />, 'auditor');
    await screen.findByText('card testing');
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lift' })).toBeNull();
  });
});

const version = (n: number, state: AdminAgreementVersion['state']): AdminAgreementVersion => ({
  version: n,
  effectiveAt: '2026-11-21T00:00:00.000Z',
  createdAt: '2026-11-21T00:00:00.000Z',
  createdBy: n === 1 ? 'system' : 'staff:sup1',
  state,
  acceptances: 12,
  texts: [{ locale: 'en-US', title: `Agreement ${n.toString()}`, body: '<p>Terms</p>' }],
});

describe('user agreement versions', () => {
  it('starts the next version from the one in force and publishes it', async () => {
    api.server.on('GET content/notices', ok({ items: [] }));
    api.server.on(
      'GET content/agreements',
      ok({ items: [version(2, 'current'), version(1, 'superseded')] }),
    );
    api.server.on('POST content/agreements', ok(version(3, 'current')));
    renderAsMember(<ContentPage />, 'support');
    fireEvent.click(await screen.findByRole('tab', { name: 'User agreement' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New version (v3)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('tab')).toHaveLength(13);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Agreement 2');
    fireEvent.change(within(dialog).getByLabelText('Body'), {
      target: { value: '<p>New terms</p><script>x</script>' },
    });
    const preview = within(dialog).getByTitle('Agreement preview as the phone shows it');
    expect(preview.getAttribute('sandbox')).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // The confirmation's own button: the last one by that name.
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Publish' }).length).toBeGreaterThan(1);
    });
    const publishes = screen.getAllByRole('button', { name: 'Publish' });
    fireEvent.click(publishes[publishes.length - 1] ?? dialog);
    await waitFor(() => {
      expect(api.server.last('POST content/agreements')?.body).toEqual({
        texts: [
          { locale: 'en-US', title: 'Agreement 2', body: '<p>New terms</p><script>x</script>' },
        ],
        effectiveAt: null,
      });
    });
  });
});
