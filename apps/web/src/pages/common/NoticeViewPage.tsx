import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';

/** One announcement. It takes the notice's `id` (SPEC §2). */
export default function NoticeViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const missing = (params.get('id') ?? '') === '';
  return (
    <Section>
      <EmptyState
        icon={<SoundOutline />}
        message={missing ? t('errors.notice_id_missing') : t('errors.notice_not_found')}
      />
    </Section>
  );
}
