import { List } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallWay } from '@/lib/install';
import { loadOverlays } from '@/lib/overlayHandle';

const IOS_STEPS = ['share', 'add', 'open'] as const;

/**
 * Mine's "Install the app" (issue #20): the browser's own install dialog where it offers one, or
 * on iOS the three taps of the share menu. Absent where neither applies, or once installed.
 */
export function InstallAppItem() {
  const { t } = useTranslation();
  const way = useInstallWay();
  if (way === null) return null;
  const open = async () => {
    if (way === 'prompt') {
      await promptInstall();
      return;
    }
    const { Modal } = await loadOverlays();
    await Modal.alert({
      title: t('mine.install.iosTitle'),
      content: (
        <ol>
          {IOS_STEPS.map((step) => (
            <li key={step}>{t(`mine.install.iosSteps.${step}`)}</li>
          ))}
        </ol>
      ),
      confirmText: t('mine.install.ok'),
    });
  };
  return (
    <List.Item
      prefix={<DownlandOutline />}
      onClick={() => {
        void open();
      }}
    >
      {t('mine.install.title')}
    </List.Item>
  );
}
