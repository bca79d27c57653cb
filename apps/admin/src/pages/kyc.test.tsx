import type { KycCaseSummary, Role } from '@ampere/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import KycPage from './KycPage';

const api = pageTests();

const passportCase: KycCaseSummary = {
  id: '7',
  user: { uid: '31415926', username: 'alice' },
  status: 'pending',
  name: 'Alice Wong',
  docType: 'passport',
  idcardMasked: 'E1*****78',
  front: { status: 'pending', reason: null },
  back: { status: 'pending', reason: null },
  round: 1,
  submittedAt: '2026-11-26T08:00:00.000Z',
  claimedBy: null,
  claimedUntil: null,
};

function renderPage(role: Role) {
  api.server.on('GET kyc/cases', ok({ items: [passportCase], nextCursor: null }));
  api.server.on('GET kyc/settings', ok({ docTypes: ['prc_id'] }));
  renderAsMember(<KycPage />, role);
}

/** The card a text is in. */
function cardOf(text: HTMLElement): HTMLElement {
  const card = text.closest<HTMLElement>('.ant-pro-card');
  if (!card) throw new Error('not in a card');
  return card;
}

describe('the KYC page: document types', () => {
  it('shows each case’s document in the queue', async () => {
    renderPage('compliance');
    const row = (await screen.findByText('E1*****78')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Passport')).toBeTruthy();
  });

  it('lets compliance enable passports, sending the whole list', async () => {
    renderPage('compliance');
    api.server.on('POST kyc/settings', ok({ docTypes: ['prc_id', 'passport'] }));
    const card = cardOf(await screen.findByText('Accepted documents'));
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(within(card).getByLabelText('Passport'));
    fireEvent.click(save);
    await waitFor(() => {
      expect(api.server.last('POST kyc/settings')?.body).toEqual({
        docTypes: ['prc_id', 'passport'],
      });
    });
  });

  it('shows the list read-only to the auditor', async () => {
    renderPage('auditor');
    const card = cardOf(await screen.findByText('Accepted documents'));
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(card).getByText('Only compliance can change this list.')).toBeTruthy();
  });
});
