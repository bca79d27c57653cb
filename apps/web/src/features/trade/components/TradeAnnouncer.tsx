import type { Order } from '@ampere/contract';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../countdown';
import { useClock } from '../hooks/useClock';
import { outcomeFigure } from '../outcome';

/** The one moment of the countdown read out between its start and its end (issue #20). */
export const ANNOUNCE_AT_S = 10;

/**
 * What a screen reader is told while an order runs — not every second, which would drown
 * everything else out: the time left when the countdown starts, once more at 10 s left, then the
 * result. A polite live region present from the start, so each change is read once.
 */
export function announcement(
  order: Order,
  left: number,
  startedWith: number,
  t: TFunction,
): string {
  const figure = outcomeFigure(order);
  if (order.status !== 'open' && figure !== undefined) return t(`trade.result.${figure.outcome}`);
  if (left === 0) return t('trade.countdown.settling');
  const seconds =
    left <= ANNOUNCE_AT_S && startedWith > ANNOUNCE_AT_S ? ANNOUNCE_AT_S : startedWith;
  return t('trade.countdown.announce', { seconds });
}

export function TradeAnnouncer({ order, deadlineMs }: { order: Order; deadlineMs: number }) {
  const { t } = useTranslation();
  const nowMs = useClock(order.status === 'open');
  const left = secondsLeft(deadlineMs, nowMs);
  // The time left when the countdown first showed, fixed for its whole run.
  const [startedWith] = useState(left);
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="trade-announcer">
      {announcement(order, left, startedWith, t)}
    </p>
  );
}
