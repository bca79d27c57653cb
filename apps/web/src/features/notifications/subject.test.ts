import { NOTIFICATION_KINDS } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { PATHS } from '@/config/paths';
import { badgeText, subjectTarget } from './subject';

describe('a notification’s subject', () => {
  it('opens the order as a dialog, records and Earn orders by id, KYC on its page', () => {
    expect(subjectTarget('order_settled', '42')).toEqual({
      path: `${PATHS.orderDialog}?id=42`,
      dialog: true,
    });
    expect(subjectTarget('recharge_credited', '7').path).toBe(`${PATHS.rechargeDetail}?id=7`);
    expect(subjectTarget('deposit_credited', '7').path).toBe(`${PATHS.depositDetail}?id=7`);
    for (const kind of ['withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected'] as const)
      expect(subjectTarget(kind, '9').path).toBe(`${PATHS.withdrawDetail}?id=9`);
    expect(subjectTarget('kyc_declined', '2').path).toBe(PATHS.realname);
    expect(subjectTarget('earn_matured', '5').path).toBe(`${PATHS.earnOrder}?id=5`);
  });

  it('has a page for every kind the server writes', () => {
    for (const kind of NOTIFICATION_KINDS)
      expect(subjectTarget(kind, '1').path.startsWith('/app/pages/'), kind).toBe(true);
  });

  it('shows no badge at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
