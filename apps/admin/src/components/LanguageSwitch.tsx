import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LOCALES, currentLocale, isAdminLocale, switchLocale } from '@/i18n';

/** The staff languages, in their own names; the choice is remembered. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLocale();
  const name = ADMIN_LOCALES.find(({ key }) => key === current)?.name;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: ADMIN_LOCALES.map(({ key, name: label }) => ({ key, label, lang: key })),
        onClick: ({ key }) => {
          if (isAdminLocale(key)) void switchLocale(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')}>
        {name}
      </Button>
    </Dropdown>
  );
}
