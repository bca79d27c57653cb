import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { HOME_PATH } from '@/lib/nav';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <EmptyState
      icon={<QuestionCircleOutline />}
      message={t('notFound.explanation')}
      action={
        <Button
          color="primary"
          onClick={() => {
            navigate(HOME_PATH);
          }}
        >
          {t('common.goHome')}
        </Button>
      }
    />
  );
}
