import type { Agent, CustomerService } from '@ampere/contract';
import { Avatar, List } from 'antd-mobile';
import { MessageOutline, RightOutline, SystemQRcodeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';
import styles from './CustomerServicePanel.module.css';

interface Props {
  service: CustomerService;
  /** Follows an agent's link: in the app's webview, or outside the app. */
  onContact: (agent: Agent) => void;
}

/**
 * Online customer service (SPEC §1): up to three agents and a QR code, configured by the
 * administrator. With neither, SPEC §8's "administrator has not configured customer service
 * information or the QR code".
 */
export function CustomerServicePanel({ service, onContact }: Props) {
  const { t } = useTranslation();
  const { agents, qrCodeUrl } = service;
  if (agents.length === 0 && qrCodeUrl === null)
    return (
      <Section>
        <EmptyState icon={<MessageOutline />} message={t('errors.customer_not_configured')} />
      </Section>
    );
  return (
    <>
      {agents.length > 0 && (
        <Section title={t('customer.agents')}>
          <List className={styles.agents}>
            {agents.map((agent) => (
              <List.Item
                key={`${agent.kind}:${agent.href}`}
                prefix={
                  <Avatar
                    src={agent.avatarUrl ?? ''}
                    className={styles.avatar}
                    alt=""
                    aria-hidden
                  />
                }
                description={`${t(`service.kinds.${agent.kind}`)} · ${agent.label}`}
                extra={<span className={styles.contact}>{t('service.contact')}</span>}
                arrowIcon={<RightOutline />}
                onClick={() => {
                  onContact(agent);
                }}
              >
                {agent.name}
              </List.Item>
            ))}
          </List>
        </Section>
      )}
      <Section title={t('customer.qrCode')}>
        {qrCodeUrl === null ? (
          <EmptyState icon={<SystemQRcodeOutline />} message={t('customer.qrCodeMissing')} />
        ) : (
          <figure className={styles.qr}>
            <img src={qrCodeUrl} alt={t('customer.qrCode')} className={styles.qrImage} />
            <figcaption className={styles.qrHint}>{t('service.qrHint')}</figcaption>
          </figure>
        )}
      </Section>
    </>
  );
}
