import { SoundOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { Spinner } from '@/components/Spinner';
import { api } from '@/core/api';
import { useSession } from '@/core/session';
import { NoticeArticle } from '@/features/content/components/NoticeArticle';
import { useMarkNoticesRead, useNotice } from '@/features/content/hooks/useContent';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';

/** One announcement, by its `id` (SPEC §2); reading it marks it read for the signed-in user. */
export default function NoticeViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const notice = useNotice(api, id, currentLocale());
  const { isLogin } = useSession();
  const markRead = useMarkNoticesRead(api);
  const loadedId = notice.data?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (isLogin && loadedId !== undefined) mutate([loadedId]);
  }, [isLogin, loadedId, mutate]);

  if (id === '')
    return (
      <Section>
        <EmptyState icon={<SoundOutline />} message={t('errors.notice_id_missing')} />
      </Section>
    );
  if (notice.data !== undefined)
    return (
      <Section>
        <NoticeArticle notice={notice.data} />
      </Section>
    );
  if (notice.isError) {
    const code = (notice.error as { code?: unknown }).code;
    return (
      <Section>
        {code === 6501 || code === 6500 ? (
          <EmptyState icon={<SoundOutline />} message={errorText(notice.error, t)} />
        ) : (
          <RetryState
            message={errorText(notice.error, t, { fallback: 'loading_failed' })}
            onRetry={() => {
              void notice.refetch();
            }}
          />
        )}
      </Section>
    );
  }
  return <Spinner />;
}
