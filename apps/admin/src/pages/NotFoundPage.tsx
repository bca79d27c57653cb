import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Inside the shell: an address with no page, or one the member's role does not open. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
