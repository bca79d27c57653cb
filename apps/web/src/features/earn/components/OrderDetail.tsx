import type { EarnOrderDetail } from '@ampere/contract';
import { formatDateTime } from '@ampere/client';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { formatMoneyIn } from '../display';
import { percent } from '../projection';
import { statusKey } from './OrderCard';
import { RedeemSheet } from './RedeemSheet';
import styles from './Earn.module.css';

/** One order: its figures (SPEC §3), its day-by-day income, and early redemption. */
export function OrderDetail({ detail }: { detail: EarnOrderDetail }) {
  const { t } = useTranslation();
  const { order, incomes } = detail;
  const [redeeming, setRedeeming] = useState(false);
  const hosting = order.status === 'hosting';
  const dash = '—';
  const money = (value: string) => formatMoneyIn(value, order.currency);
  return (
    <>
      <Section title={order.name}>
        <InfoRows
          rows={[
            {
              label: t('earn.amount'),
              value: money(order.amount),
            },
            { label: t('earn.statusLabel'), value: t(`earn.status.${statusKey(order)}`) },
            { label: t('earn.time'), value: formatDateTime(order.time) },
            { label: t('earn.dailyRate'), value: percent(order.dailyRate) },
            { label: t('earn.dailyIncome'), value: money(order.dailyIncome) },
            { label: t('earn.holdingDays'), value: `${order.holdingDays} / ${order.cycleDays}` },
            { label: t('earn.totalIncome'), value: money(order.totalIncome) },
            {
              label: t('earn.nextSettlement'),
              value: order.nextSettlement === null ? dash : formatDateTime(order.nextSettlement),
            },
            { label: t('earn.maturesAt'), value: formatDateTime(order.maturesAt) },
            { label: t('earn.liquidatedDamages'), value: money(order.liquidatedDamages) },
            { label: t('earn.refundAmount'), value: money(order.refundAmount) },
          ]}
        />
      </Section>
      {hosting && (
        <div className={styles.actions}>
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => {
              setRedeeming(true);
            }}
          >
            {t('earn.redeemEarly')}
          </Button>
        </div>
      )}
      <Section title={t('earn.incomeHistory')}>
        {incomes.length === 0 ? (
          <EmptyState message={t('earn.noIncome')} />
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('earn.day')}</th>
                <th>{t('earn.income')}</th>
              </tr>
            </thead>
            <tbody>
              {incomes.map((i) => (
                <tr key={i.day}>
                  <td>{i.day}</td>
                  <td>+{money(i.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      {hosting && (
        <RedeemSheet
          order={order}
          visible={redeeming}
          onClose={() => {
            setRedeeming(false);
          }}
        />
      )}
    </>
  );
}
