import {
  CURRENCIES,
  type CurrencyKey,
  type LocaleKey,
  notificationKindSchema,
  type Notification,
  type NotificationKind,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import { translator } from '../../i18n/index.js';
import { NOTIFICATION_PARAMS, type NotificationParams } from './events.js';
import type { NotificationRow } from './notifications.repository.js';

/** "1000.00 CNY": the exact decimal string and the currency's name (SPEC §3: CNY, USDT). */
function money(amount: string, currency: CurrencyKey): string {
  const name = CURRENCIES.find((c) => c.key === currency)?.name ?? currency;
  return `${amount} ${name}`;
}

type Text = Pick<Notification, 'title' | 'body'>;
type Renderers = { [K in NotificationKind]: (p: NotificationParams<K>, t: TFunction) => Text };

const text = (t: TFunction, key: string, values: Record<string, string> = {}): Text => ({
  title: t(`notifications.${key}.title`, values),
  body: t(`notifications.${key}.body`, values),
});

/** Each kind's title and body from its parameters (messages: `notifications.*` per locale). */
const RENDER: Renderers = {
  order_settled: (p, t) =>
    text(t, `order_settled.${p.outcome}`, {
      symbol: p.symbol,
      direction: t(`notifications.direction.${p.direction}`),
      stake: money(p.stake, p.currency),
      payout: money(p.payout, p.currency),
    }),
  recharge_credited: (p, t) =>
    text(t, 'recharge_credited', { amount: money(p.amount, p.currency) }),
  deposit_credited: (p, t) => text(t, 'deposit_credited', { amount: money(p.amount, p.currency) }),
  withdrawal_approved: (p, t) =>
    text(t, 'withdrawal_approved', { amount: money(p.amount, p.currency) }),
  withdrawal_paid: (p, t) =>
    text(t, 'withdrawal_paid', {
      amount: money(p.amount, p.currency),
      arrival: money(p.arrival, p.currency),
    }),
  withdrawal_rejected: (p, t) =>
    text(t, 'withdrawal_rejected', {
      amount: money(p.amount, p.currency),
      reason: t(`funding.reasons.${p.reason}`),
    }),
  kyc_approved: (_p, t) => text(t, 'kyc_approved'),
  kyc_declined: (_p, t) => text(t, 'kyc_declined'),
  earn_matured: (p, t) =>
    text(t, 'earn_matured', {
      principal: money(p.principal, p.currency),
      interest: money(p.interest, p.currency),
    }),
};

function textOf(kind: NotificationKind, params: unknown, t: TFunction): Text {
  // Rows are written only through the typed events (events.ts); a row this cannot read is a bug.
  const parsed = NOTIFICATION_PARAMS[kind].safeParse(params);
  if (!parsed.success)
    throw new Error(`notification of kind ${kind} has parameters it cannot be read from`);
  // TypeScript does not tie RENDER[kind] to the parameters of the same `kind`; the parse did.
  const render = RENDER[kind] as (p: unknown, t: TFunction) => Text;
  return render(parsed.data, t);
}

/** A stored notification as the inbox shows it, written now in `locale`. */
export function renderNotification(row: NotificationRow, locale: LocaleKey): Notification {
  const kind = notificationKindSchema.parse(row.kind);
  return {
    id: row.id.toString(),
    kind,
    subjectId: row.subjectId.toString(),
    ...textOf(kind, row.params, translator(locale)),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
