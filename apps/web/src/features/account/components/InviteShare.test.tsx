import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { InviteShare, QR_SIZE_PX } from './InviteShare';

const LINK = 'https://app.example/#/app/pages/user/register?i=AB12CD34';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

/** Toasts render outside React (main.tsx wires that up); here only what they say matters. */
const spyToast = () => vi.spyOn(Toast, 'show').mockReturnValue({ close: () => undefined });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('InviteShare', () => {
  it('draws the link as a QR code and shows code and link', () => {
    const { container } = render(<InviteShare inviteCode="AB12CD34" shareUrl={LINK} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('height')).toBe(String(QR_SIZE_PX));
    expect(svg?.querySelector('title')?.textContent).toBe('QR code of your invite link');
    expect(screen.getByText('AB12CD34')).toBeTruthy();
    expect(screen.getByText(LINK)).toBeTruthy();
  });

  it('copies the code and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const toast = spyToast();
    render(<InviteShare inviteCode="AB12CD34" shareUrl={LINK} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Invite code' }));
    await vi.waitFor(() => {
      expect(toast).toHaveBeenCalledWith({ icon: 'success', content: 'Copied' });
    });
    expect(writeText).toHaveBeenCalledWith('AB12CD34');
  });

  it('says so when the link could not be copied', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const toast = spyToast();
    render(<InviteShare inviteCode="AB12CD34" shareUrl={LINK} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Invite link' }));
    // jsdom has no execCommand either, so the fallback fails too.
    await vi.waitFor(() => {
      expect(toast).toHaveBeenCalledWith({ icon: 'fail', content: 'Copy failed' });
    });
  });
});
