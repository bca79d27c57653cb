import type { KycSideView, RealnameAuth } from '@ampere/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './Kyc.module.css';

const COLOURS = {
  uncertified: 'default',
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
} as const;

const SIDE_COLOURS = { pending: 'warning', approved: 'success', declined: 'danger' } as const;

function SideRow({ label, side }: { label: string; side: KycSideView }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sideRow}>
      <span>{label}</span>
      <Tag color={SIDE_COLOURS[side.status]} fill="outline">
        {t(`kyc.side.${side.status}`)}
      </Tag>
      {side.reason ? (
        <div className={styles.reason} data-testid="kyc-reason">
          {t(`kyc.reasons.${side.reason}`)}
        </div>
      ) : null}
    </div>
  );
}

/** Where the verification stands (SPEC §4's four states), and why when declined. */
export function StatusCard({ data }: { data: RealnameAuth }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} data-testid="kyc-status" data-status={data.status}>
      <div className={styles.statusLine}>
        <Tag color={COLOURS[data.status]}>{t(`kyc.status.${data.status}`)}</Tag>
      </div>
      <p className={styles.hint}>{t(`kyc.statusHint.${data.status}`)}</p>
      {data.name !== null ? (
        <dl className={styles.facts}>
          <dt>{t('realname.name')}</dt>
          <dd>{data.name}</dd>
          <dt>{t('realname.idNumber')}</dt>
          <dd>{data.idcardMasked}</dd>
        </dl>
      ) : null}
      {data.front && data.back && data.status !== 'approved' ? (
        <div className={styles.sides}>
          <SideRow label={t('realname.front')} side={data.front} />
          <SideRow label={t('realname.back')} side={data.back} />
        </div>
      ) : null}
      {data.note && data.status === 'declined' ? (
        <p className={styles.note}>
          <strong>{t('kyc.note')}</strong> {data.note}
        </p>
      ) : null}
    </section>
  );
}
