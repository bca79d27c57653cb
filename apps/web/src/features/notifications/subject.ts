import type { NotificationKind } from '@ampere/contract';
import { PATHS } from '@/config/paths';

/** Where a tap on a notification goes; `dialog` pages open over the inbox (SPEC §2). */
export interface SubjectTarget {
  path: string;
  dialog: boolean;
}

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

/** The page of a notification's subject: the order, record or Earn order; KYC's own page. */
export function subjectTarget(kind: NotificationKind, subjectId: string): SubjectTarget {
  switch (kind) {
    case 'order_settled':
      return { path: withId(PATHS.orderDialog, subjectId), dialog: true };
    case 'recharge_credited':
      return { path: withId(PATHS.rechargeDetail, subjectId), dialog: false };
    case 'deposit_credited':
      return { path: withId(PATHS.depositDetail, subjectId), dialog: false };
    case 'withdrawal_approved':
    case 'withdrawal_paid':
    case 'withdrawal_rejected':
      return { path: withId(PATHS.withdrawDetail, subjectId), dialog: false };
    case 'kyc_approved':
    case 'kyc_declined':
      return { path: PATHS.realname, dialog: false };
    case 'earn_matured':
      return { path: withId(PATHS.earnOrder, subjectId), dialog: false };
  }
}

/** The badge's text: the count, "99+" beyond (the server counts up to 100). */
export const badgeText = (unread: number): string | null =>
  unread <= 0 ? null : unread > 99 ? '99+' : String(unread);
