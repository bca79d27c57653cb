import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RouteDialog } from '@/components/RouteDialog';

export default function NoticeDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('pages.noticeDialog.title')} placement="center">
      <EmptyState icon={<SoundOutline />} message={t('notice.none')} />
    </RouteDialog>
  );
}
