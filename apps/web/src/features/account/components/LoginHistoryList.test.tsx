import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { formatDateTime } from '@ampere/client';
import { LOGIN_HISTORY_SHOWN, LoginHistoryList } from './LoginHistoryList';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

describe('LoginHistoryList', () => {
  it('shows time, address, device and outcome of each sign-in', () => {
    const time = '2024-05-06T07:08:09.000Z';
    render(
      <LoginHistoryList
        status="success"
        items={[
          { time, ip: '203.0.113.9', device: CHROME_ANDROID, success: true },
          { time, ip: null, device: null, success: false },
        ]}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getAllByText(formatDateTime(Date.parse(time)))).toHaveLength(2);
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Chrome · Android')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('Unknown device')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('shows only the latest few', () => {
    const items = Array.from({ length: LOGIN_HISTORY_SHOWN + 3 }, (_, index) => ({
      time: new Date(Date.UTC(2024, 0, 1, index)).toISOString(),
      ip: `198.51.100.${index}`,
      device: null,
      success: true,
    }));
    render(<LoginHistoryList status="success" items={items} onRetry={() => undefined} />);
    expect(screen.getAllByText('Succeeded')).toHaveLength(LOGIN_HISTORY_SHOWN);
  });

  it('says when there is nothing yet, and offers a retry when loading failed', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<LoginHistoryList status="success" items={[]} onRetry={onRetry} />);
    expect(screen.getByText('No sign-ins yet')).toBeTruthy();
    rerender(<LoginHistoryList status="error" items={undefined} onRetry={onRetry} />);
    expect(screen.getByText('Loading failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
