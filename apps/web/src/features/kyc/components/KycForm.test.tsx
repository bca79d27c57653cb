import type { RealnameAuth, RealnameAuthRequest } from '@ampere/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { loadFeatureMessages } from '@/i18n/feature';
import { KycForm } from './KycForm';

beforeAll(async () => {
  await initI18n();
  await loadFeatureMessages('kyc', 'en-US');
});

afterEach(cleanup);

const side = (status: 'approved' | 'declined') => ({
  status,
  reason: status === 'declined' ? ('blurry' as const) : null,
  url: '/f',
  urlExpiresAt: '2026-11-21T08:05:00.000Z',
});

const uncertified = (docTypes: RealnameAuth['docTypes']): RealnameAuth => ({
  status: 'uncertified',
  name: null,
  docType: null,
  idcardMasked: null,
  front: null,
  back: null,
  note: null,
  submittedAt: null,
  decidedAt: null,
  docTypes,
});

function renderForm(current: RealnameAuth) {
  const onSubmit = vi.fn<(body: RealnameAuthRequest) => void>();
  const onMissing = vi.fn<(what: 'details' | 'photos') => void>();
  const upload = vi.fn(() => Promise.resolve({ id: 'x', url: '/x' }));
  render(
    <KycForm
      current={current}
      upload={upload}
      submitting={false}
      onSubmit={onSubmit}
      onMissing={onMissing}
    />,
  );
  return { onSubmit, onMissing };
}

describe('KycForm: the document types', () => {
  it('shows no picker while only the PRC ID card is offered, with its own labels', () => {
    renderForm(uncertified(['prc_id']));
    expect(screen.queryByText('Document')).toBeNull();
    expect(screen.getByText('ID number')).toBeTruthy();
    expect(screen.getByPlaceholderText('18-digit ID number')).toBeTruthy();
    expect(screen.getByText('ID front')).toBeTruthy();
  });

  it('offers a picker when more are offered; each type brings its number’s label, placeholder and hint', () => {
    renderForm(uncertified(['prc_id', 'passport', 'hk_macau_permit', 'taiwan_permit']));
    expect(screen.getByText('Document')).toBeTruthy();
    fireEvent.click(screen.getByText('Passport'));
    expect(screen.getByText('Passport number')).toBeTruthy();
    expect(screen.getByPlaceholderText('6–9 letters and digits')).toBeTruthy();
    expect(screen.getByText('As printed on the photo page; spaces are ignored.')).toBeTruthy();
    expect(screen.getByText('Photo page')).toBeTruthy();
    expect(screen.getByText('Passport selfie')).toBeTruthy();
    fireEvent.click(screen.getByText("Hong Kong/Macao residents' permit"));
    expect(screen.getByPlaceholderText('H or M followed by 8 or 10 digits')).toBeTruthy();
    fireEvent.click(screen.getByText("Taiwan residents' permit"));
    expect(screen.getByPlaceholderText('8 digits')).toBeTruthy();
  });

  it('after both sides were declined the type may change, and then the number is asked again', async () => {
    const declined: RealnameAuth = {
      ...uncertified(['prc_id', 'passport']),
      status: 'declined',
      name: 'Li Wei',
      docType: 'passport',
      idcardMasked: 'E1*****78',
      front: side('declined'),
      back: side('declined'),
    };
    const { onMissing } = renderForm(declined);
    // The type on record comes first and is picked.
    expect(screen.getByPlaceholderText('E1*****78')).toBeTruthy();
    fireEvent.click(screen.getByText('Chinese resident ID card'));
    expect(screen.getByPlaceholderText('18-digit ID number')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
      await Promise.resolve();
    });
    expect(onMissing).toHaveBeenCalledWith('details');
  });

  it('keeps the type when a side was approved: no picker', () => {
    renderForm({
      ...uncertified(['prc_id', 'passport']),
      status: 'declined',
      name: 'Li Wei',
      docType: 'passport',
      idcardMasked: 'E1*****78',
      front: side('approved'),
      back: side('declined'),
    });
    expect(screen.queryByText('Chinese resident ID card')).toBeNull();
    expect(screen.getByText('Re-upload the Passport selfie')).toBeTruthy();
  });
});
