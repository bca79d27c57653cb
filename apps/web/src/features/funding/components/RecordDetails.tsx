import type { ExchangeDetail, RechargeDetail, WithdrawalDetail } from '@ampere/contract';
import { Button, Image, ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { errorText } from '@/i18n/errorText';
import { Modal, Toast } from '@/lib/overlays';
import { amountText, currencyLabel, formatTime } from '../format';
import { useCancelWithdrawal } from '../hooks/useFunding';
import styles from './Funding.module.css';
import { StatusTag } from './StatusTag';
import { Timeline } from './Timeline';

function Status({ status, label }: { status: string; label: string }) {
  return (
    <div className={styles.countdown}>
      <StatusTag status={status} label={label} />
    </div>
  );
}

export function RechargeDetailView({ record }: { record: RechargeDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={amountText(record.amount, record.currency)}>
        <Status status={record.status} label={record.statusLabel} />
        <InfoRows
          rows={[
            { label: t('funding.recordId'), value: record.id },
            { label: t('funding.recharge.payerName'), value: record.payerName },
            { label: t('funding.recharge.reference'), value: record.reference ?? '—' },
            {
              label: t('funding.recharge.paidTo'),
              value: `${record.account.bankName} ${record.account.cardNumber}`,
            },
            { label: t('funding.fee'), value: amountText(record.fee, record.currency) },
            { label: t('funding.time'), value: formatTime(record.time) },
            ...(record.status === 'pending'
              ? [{ label: t('funding.recharge.expiresAt'), value: formatTime(record.expiresAt) }]
              : []),
          ]}
        />
        {record.proof && (
          <div className={styles.proofRow}>
            <span className={styles.copyLabel}>{t('funding.recharge.proofLabel')}</span>
            <Image
              src={record.proof.url}
              fit="cover"
              className={styles.proofThumb}
              alt={t('funding.recharge.proofLabel')}
              onClick={() => {
                if (record.proof) ImageViewer.show({ image: record.proof.url });
              }}
            />
          </div>
        )}
      </Section>
      <Section title={t('funding.timeline')}>
        <Timeline entries={record.timeline} />
      </Section>
    </>
  );
}

export function WithdrawalDetailView({ record }: { record: WithdrawalDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelWithdrawal();
  return (
    <>
      <Section title={amountText(record.amount, record.currency)}>
        <Status status={record.status} label={record.statusLabel} />
        <InfoRows
          rows={[
            { label: t('funding.recordId'), value: record.id },
            {
              label: t('funding.withdraw.destination'),
              value: `${record.destination.name} ${record.destination.account}`,
            },
            { label: t('funding.fee'), value: amountText(record.fee, record.currency) },
            {
              label: t('funding.withdraw.arrival'),
              value: amountText(record.actualArrival, record.currency),
            },
            { label: t('funding.withdraw.payoutReference'), value: record.payoutReference ?? '—' },
            { label: t('funding.time'), value: formatTime(record.time) },
          ]}
        />
        {record.cancellable && (
          <div className={styles.actions}>
            <Button
              block
              color="danger"
              fill="outline"
              loading={cancel.isPending}
              onClick={() => {
                void Modal.confirm({
                  content: t('funding.withdraw.cancelConfirm'),
                  confirmText: t('funding.withdraw.cancel'),
                  cancelText: t('common.cancel'),
                  onConfirm: () => {
                    cancel.mutate(record.id, {
                      onSuccess: () => {
                        Toast.show({ icon: 'success', content: t('funding.withdraw.cancelled') });
                      },
                      onError: (error) => {
                        Toast.show({ icon: 'fail', content: errorText(error, t) });
                      },
                    });
                  },
                });
              }}
            >
              {t('funding.withdraw.cancel')}
            </Button>
          </div>
        )}
      </Section>
      <Section title={t('funding.timeline')}>
        <Timeline entries={record.timeline} />
      </Section>
    </>
  );
}

export function ExchangeDetailView({ record }: { record: ExchangeDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={`${currencyLabel(record.from)} → ${currencyLabel(record.to)}`}>
        <Status status={record.status} label={record.statusLabel} />
        <InfoRows
          rows={[
            { label: t('funding.recordId'), value: record.id },
            { label: t('funding.exchange.give'), value: amountText(record.amount, record.from) },
            { label: t('funding.fee'), value: amountText(record.fee, record.from) },
            { label: t('funding.exchange.rate'), value: record.rate },
            { label: t('funding.exchange.receive'), value: amountText(record.receive, record.to) },
            { label: t('funding.time'), value: formatTime(record.time) },
          ]}
        />
        <p className={styles.arithmetic}>{record.arithmetic}</p>
      </Section>
      <Section title={t('funding.timeline')}>
        <Timeline entries={record.timeline} />
      </Section>
    </>
  );
}
