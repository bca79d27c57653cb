import { Button } from 'antd-mobile';
import { formatDateTime } from '@ampere/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { InfoRows } from '@/components/InfoRows';
import { QueryState } from '@/components/QueryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { ProjectionTable } from '@/features/earn/components/ProjectionTable';
import { SubscribeSheet } from '@/features/earn/components/SubscribeSheet';
import { useEarnProduct } from '@/features/earn/hooks/useEarn';
import { percent } from '@/features/earn/projection';
import { formatMoney } from '@/features/earn/display';
import { currencyName } from '@/features/earn/display';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';
import styles from './EarnDetailPage.module.css';

/** An Earn product's terms, its projected earnings, and the subscribe sheet. Takes `id`. */
export default function EarnDetailPage() {
  useFeatureMessages('earn');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const product = useEarnProduct(id);
  const [open, setOpen] = useState(false);
  if (id === '') return <EmptyState message={t('errors.product_id_missing')} />;
  return (
    <QueryState query={product}>
      {(p) => (
        <>
          <Section title={p.name}>
            {p.description !== '' && <p className={styles.description}>{p.description}</p>}
            <InfoRows
              rows={[
                { label: t('earn.dailyRate'), value: percent(p.dailyRate) },
                { label: t('earn.cycle'), value: t('earn.nDays', { n: p.cycleDays }) },
                {
                  label: t('earn.singleLimit'),
                  value: `${formatMoney(p.min)}–${formatMoney(p.max)} ${currencyName(p.currency)}`,
                },
                ...(p.userRemaining === null
                  ? []
                  : [{ label: t('earn.yourRemaining'), value: formatMoney(p.userRemaining) }]),
                ...(p.totalRemaining === null
                  ? []
                  : [{ label: t('earn.totalRemaining'), value: formatMoney(p.totalRemaining) }]),
                { label: t('earn.liquidatedDamages'), value: percent(p.penaltyRate) },
                ...(p.saleEndsAt === null
                  ? []
                  : [{ label: t('earn.saleEnds'), value: formatDateTime(p.saleEndsAt) }]),
              ]}
            />
          </Section>
          <Section title={t('earn.projection', { amount: formatMoney(p.min) })}>
            <ProjectionTable
              amount={p.min}
              currency={p.currency}
              dailyRate={p.dailyRate}
              cycleDays={p.cycleDays}
            />
          </Section>
          <div className={styles.actions}>
            <Button
              block
              color="primary"
              disabled={!p.onSale}
              onClick={() => {
                setOpen(true);
              }}
            >
              {p.onSale ? t('earn.subscribe') : t('earn.notOnSale')}
            </Button>
          </div>
          <SubscribeSheet
            product={p}
            visible={open}
            onClose={() => {
              setOpen(false);
            }}
            onDone={(orderId) => {
              setOpen(false);
              navigate(`${PATHS.earnOrder}?id=${orderId}`);
            }}
          />
        </>
      )}
    </QueryState>
  );
}
