import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { EmptyState } from '@/components/EmptyState';
import { AgreementView } from '@/features/content/components/AgreementView';
import { useAgreement } from '@/features/content/hooks/useAgreement';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';

/** Open without login (SPEC §2): people read the terms before they sign up. */
export default function AgreementPage() {
  const { t } = useTranslation();
  const query = useAgreement(api, currentLocale());
  if (query.isPending) return <EmptyState icon={<DotLoading />} message={t('common.loading')} />;
  if (query.isError) {
    return (
      <EmptyState
        message={errorText(query.error, t, { fallback: 'loading_failed' })}
        action={
          <Button
            color="primary"
            onClick={() => {
              void query.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <AgreementView agreement={query.data} />;
}
