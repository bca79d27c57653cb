import { useTranslation } from 'react-i18next';
import { RouteDialog } from '@/components/RouteDialog';
import { LanguageList } from '@/features/preferences/components/LanguageList';
import { currentLocale, switchLocale } from '@/i18n';
import { Toast } from '@/lib/overlays';

export default function LanguageDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('pages.languageDialog.title')}>
      {(close) => (
        <LanguageList
          value={currentLocale()}
          onSelect={(locale) => {
            switchLocale(locale).then(close, () => {
              Toast.show({ icon: 'fail', content: t('errors.loading_failed') });
            });
          }}
        />
      )}
    </RouteDialog>
  );
}
