import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

interface Props {
  /** What went wrong, in the user's language (errorText). */
  message: string;
  onRetry: () => void;
}

/** A list or panel whose data could not be loaded, with a way to try again. */
export function RetryState({ message, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState
        icon={<ExclamationCircleOutline />}
        message={message}
        action={
          <Button size="small" color="primary" fill="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
