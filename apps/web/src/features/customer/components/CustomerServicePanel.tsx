import { MessageOutline, SystemQRcodeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';

/**
 * Online customer service (SPEC §1): three agents and a QR code, all configured by the
 * administrator. Until the back office configures them, both sections say so in the SPEC's words.
 */
export function CustomerServicePanel() {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('customer.agents')}>
        <EmptyState icon={<MessageOutline />} message={t('errors.customer_not_configured')} />
      </Section>
      <Section title={t('customer.qrCode')}>
        <EmptyState icon={<SystemQRcodeOutline />} message={t('customer.qrCodeMissing')} />
      </Section>
    </>
  );
}
