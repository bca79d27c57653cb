import type { TradeLimits } from '@ampere/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Api } from '@ampere/client';
import { fetchTradeLimits } from './api/trade';
import { TodayFigures } from './components/TodayFigures';
import { startReminder } from './reminderClock';
import { onReminderMinutesChange } from './reminderSettings';

/**
 * The reminder as the app runs it (loaded on its own after sign-in, never with the first page):
 * the clock of reminderClock.ts, and a modal with today's result and order count.
 */
export interface ReminderOptions {
  api: Api;
  user: string;
  /** Opens the limits page, for a user who wants to change them right away. */
  openLimits: () => void;
  /** Opens antd-mobile's Modal (handed in: the app loads it when the reminder is first due). */
  showModal: (props: {
    title: ReactNode;
    content: ReactNode;
    closeOnAction: boolean;
    actions: { key: string; text: ReactNode; primary?: boolean }[];
    onAction: (action: { key: string | number }) => void;
  }) => unknown;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

type ReminderText = 'trade.reminder.title' | 'trade.reminder.continue' | 'trade.reminder.manage';

/** The modal renders outside the app's tree; react-i18next's instance still translates there. */
function Text({ k }: { k: ReminderText }) {
  const { t } = useTranslation();
  return t(k);
}

function ReminderContent({ limits, usedMinutes }: { limits: TradeLimits; usedMinutes: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="trade-reminder">
      <p>{t('trade.reminder.used', { minutes: usedMinutes })}</p>
      <TodayFigures today={limits.today} />
    </div>
  );
}

function showReminder(
  limits: TradeLimits,
  usedMinutes: number,
  { showModal, openLimits }: ReminderOptions,
): void {
  showModal({
    title: <Text k="trade.reminder.title" />,
    content: <ReminderContent limits={limits} usedMinutes={usedMinutes} />,
    closeOnAction: true,
    actions: [
      { key: 'continue', text: <Text k="trade.reminder.continue" />, primary: true },
      { key: 'limits', text: <Text k="trade.reminder.manage" /> },
    ],
    onAction: (action) => {
      if (action.key === 'limits') openLimits();
    },
  });
}

export function runReminder(options: ReminderOptions): () => void {
  const { api, user } = options;
  return startReminder({
    user,
    fetchLimits: () => fetchTradeLimits(api),
    show: (limits, usedMinutes) => {
      showReminder(limits, usedMinutes, options);
    },
    onMinutesChange: onReminderMinutesChange,
    session: sessionStore(),
  });
}
