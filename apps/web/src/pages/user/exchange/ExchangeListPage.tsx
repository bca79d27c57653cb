import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';

export default function ExchangeListPage() {
  const { t } = useTranslation();
  return (
    <Section>
      <EmptyState message={t('common.noRecords')} />
    </Section>
  );
}
