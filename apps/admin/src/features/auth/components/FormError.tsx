import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';

/** Why the last submit failed, above the form; nothing when it did not. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error === undefined) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={errorText(error, t)}
      style={{ marginBottom: 16 }}
    />
  );
}
