import type { KycSideView, RealnameAuth } from '@ampere/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DocText } from '../api/kyc';
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
  const docType = data.docType ?? 'prc_id';
  const doc = (key: DocText) => t(`kyc.docs.${docType}.${key}`);
  // Which documents are accepted is said when there is a choice.
  const hint =
    data.status === 'uncertified' && data.docTypes.length > 1
      ? t('kyc.statusHint.uncertifiedAny')
      : t(`kyc.statusHint.${data.status}`);
  return (
    <section className={styles.card} data-testid="kyc-status" data-status={data.status}>
      <div className={styles.statusLine}>
        <Tag color={COLOURS[data.status]}>{t(`kyc.status.${data.status}`)}</Tag>
      </div>
      <p className={styles.hint}>{hint}</p>
      {data.name !== null ? (
        <dl className={styles.facts}>
          <dt>{t('kyc.docType')}</dt>
          <dd data-testid="kyc-doc">{t(`kyc.docTypes.${docType}`)}</dd>
          <dt>{t('realname.name')}</dt>
          <dd>{data.name}</dd>
          <dt>{doc('number')}</dt>
          <dd>{data.idcardMasked}</dd>
        </dl>
      ) : null}
      {data.front && data.back && data.status !== 'approved' ? (
        <div className={styles.sides}>
          <SideRow label={doc('front')} side={data.front} />
          <SideRow label={doc('back')} side={data.back} />
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
