import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { WebFrame, toWebUrl } from '@/features/content/components/WebFrame';

/** Shows the web page in query `url` (SPEC §2); open without login. */
export default function WebviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = toWebUrl(params.get('url'));
  if (url === undefined) return <EmptyState message={t('errors.url_empty')} />;
  return <WebFrame url={url} />;
}
