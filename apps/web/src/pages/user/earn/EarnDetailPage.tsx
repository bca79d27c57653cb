import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';

/** An Earn product's terms. It takes the product's `id`. */
export default function EarnDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const missing = (params.get('id') ?? '') === '';
  const unknown = '—';
  return (
    <>
      <Section>
        <EmptyState
          message={missing ? t('errors.product_id_missing') : t('errors.product_not_found')}
        />
      </Section>
      <Section title={t('earn.terms')}>
        <InfoRows
          rows={[
            { label: t('earn.dailyRate'), value: unknown },
            { label: t('earn.cycle'), value: unknown },
            { label: t('earn.singleLimit'), value: unknown },
            { label: t('earn.liquidatedDamages'), value: unknown },
          ]}
        />
      </Section>
    </>
  );
}
