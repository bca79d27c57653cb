import type { DepositDetail } from '@ampere/contract';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { amountText, formatTime } from '../format';
import { CopyRow } from './CopyRow';
import styles from './Funding.module.css';
import { StatusTag } from './StatusTag';

/**
 * One USDT chain deposit: how far it is confirmed (n of N, with a bar), the transaction and the
 * address with Copy, and when it was seen and credited. Pushes keep it live while confirming.
 */
export function DepositDetailView({ record }: { record: DepositDetail }) {
  const { t } = useTranslation();
  const { count, required } = record.confirmations;
  const percent = required > 0 ? Math.round((Math.min(count, required) * 100) / required) : 0;
  return (
    <>
      <Section title={amountText(record.amount, record.currency)}>
        <div className={styles.countdown}>
          <StatusTag status={record.status} label={record.statusLabel} />
        </div>
        {record.status !== 'dropped' && (
          <div className={styles.confirmations} data-testid="deposit-confirmations">
            <ProgressBar
              percent={percent}
              aria-label={t('funding.deposit.confirmations')}
              style={{ '--fill-color': 'var(--adm-color-success)' }}
            />
            <span>{t('funding.deposit.progress', { n: Math.min(count, required), required })}</span>
          </div>
        )}
        <InfoRows
          rows={[
            { label: t('funding.network'), value: record.networkName },
            {
              label: t('funding.deposit.confirmations'),
              value: `${Math.min(count, required)}/${required}`,
            },
            { label: t('funding.deposit.seenAt'), value: formatTime(record.time) },
            {
              label: t('funding.deposit.creditedAt'),
              value: record.creditedAt === null ? '—' : formatTime(record.creditedAt),
            },
          ]}
        />
        <CopyRow label={t('funding.deposit.txHash')} value={record.txHash} />
        <CopyRow label={t('funding.deposit.address')} value={record.address} />
        <p className={styles.note}>
          {t(
            record.status === 'dropped'
              ? 'funding.deposit.droppedNote'
              : record.status === 'credited'
                ? 'funding.deposit.creditedNote'
                : 'funding.deposit.confirmingNote',
            { required },
          )}
        </p>
      </Section>
    </>
  );
}
