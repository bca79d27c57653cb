import type { PracticeAccount } from '@ampere/contract';
import { formatAmount, newIdempotencyKey } from '@ampere/client';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { errorText } from '@/i18n/errorText';
import { useResetPractice } from '../hooks/usePractice';
import styles from './PracticeCard.module.css';

interface Props {
  account: PracticeAccount;
  /** With the reset button and the rules (the Asset tab); the Trade tab shows the balance. */
  full?: boolean;
}

/**
 * The practice book at a glance, unmistakably practice (amber, badge, "virtual"): its balance,
 * what is in practice orders and, in full, the reset with its rules.
 */
export function PracticeCard({ account, full = false }: Props) {
  const { t, i18n } = useTranslation();
  const reset = useResetPractice(api);
  // One intent per tap: a retry after a network failure reuses the key.
  const [key, setKey] = useState(newIdempotencyKey);
  const money = (amount: string) => `${formatAmount(amount, 2)} USDT`;
  const next =
    account.nextResetAt === null
      ? undefined
      : new Date(account.nextResetAt).toLocaleTimeString(i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
        });
  return (
    <section className={styles.card} data-testid="practice-card" aria-label={t('practice.title')}>
      <div className={styles.head}>
        <span className={styles.badge}>{t('practice.badge')}</span>
        <span className={styles.virtual}>{t('practice.virtual')}</span>
      </div>
      <div className={styles.label}>{t('practice.available')}</div>
      <div className={styles.amount} data-testid="practice-available">
        {money(account.available)}
      </div>
      <div className={styles.row}>
        <span>{t('practice.inOrder')}</span>
        <span>{money(account.inOrder)}</span>
      </div>
      {full && (
        <>
          <Button
            className={styles.reset}
            block
            loading={reset.isPending}
            data-testid="practice-reset"
            onClick={() => {
              reset.mutate(key, {
                onSuccess: () => {
                  setKey(newIdempotencyKey());
                },
                onError: () => {
                  setKey(newIdempotencyKey());
                },
              });
            }}
          >
            {t('practice.reset', { start: money(account.start) })}
          </Button>
          {reset.isError && (
            <p className={styles.error} role="alert">
              {errorText(reset.error, t)}
            </p>
          )}
          {reset.isSuccess && <p className={styles.done}>{t('practice.resetDone')}</p>}
          <p className={styles.rule}>
            {next === undefined ? t('practice.resetRule') : t('practice.nextReset', { time: next })}
          </p>
          <p className={styles.note}>{t('practice.note')}</p>
        </>
      )}
    </section>
  );
}
