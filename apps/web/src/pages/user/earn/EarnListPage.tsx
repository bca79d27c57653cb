import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';

export default function EarnListPage() {
  const { t } = useTranslation();
  return (
    <Section>
      <EmptyState icon={<GiftOutline />} message={t('earn.noProducts')} />
    </Section>
  );
}
