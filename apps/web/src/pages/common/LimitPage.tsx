import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PATHS } from '@/config/paths';
import { useAppNavigate } from '@/hooks/useAppNavigate';

export default function LimitPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <EmptyState
      icon={<StopOutline />}
      message={t('limit.explanation')}
      action={
        <Button
          color="primary"
          onClick={() => {
            navigate(PATHS.onlineService);
          }}
        >
          {t('common.contactService')}
        </Button>
      }
    />
  );
}
