import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';

interface Props {
  error: unknown;
  onRetry: () => void;
}

/** A first load that failed: why, in the member's language, and a way to try again. */
export function QueryError({ error, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={errorText(error, t, { fallback: 'loading_failed' })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
