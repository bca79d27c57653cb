import { List } from 'antd-mobile';
import { FileOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { EarnRules } from '@/features/earn/components/EarnRules';
import { useAppNavigate } from '@/hooks/useAppNavigate';

export default function EarnPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <>
      <Section title={t('earn.howItWorks')}>
        <EarnRules />
      </Section>
      <List mode="card">
        <List.Item
          prefix={<UnorderedListOutline />}
          onClick={() => {
            navigate(PATHS.earnList);
          }}
        >
          {t('pages.earnList.title')}
        </List.Item>
        <List.Item
          prefix={<FileOutline />}
          onClick={() => {
            navigate(PATHS.earnOrder);
          }}
        >
          {t('pages.earnOrder.title')}
        </List.Item>
      </List>
    </>
  );
}
