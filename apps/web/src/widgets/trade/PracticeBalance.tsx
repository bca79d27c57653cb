import type { Book } from '@ampere/contract';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { RetryState } from '@/components/RetryState';
import { PracticeCard } from '@/features/practice/components/PracticeCard';
import { usePractice } from '@/features/practice/hooks/usePractice';
import { errorText } from '@/i18n/errorText';

/**
 * The practice book's card while Practice is chosen (Trade tab, product page, Asset tab);
 * nothing on Real. `full` adds the reset and its rules. The page has loaded the practice
 * feature's messages (useFeatureMessages('practice')).
 */
export function PracticeBalance({ book, full = false }: { book: Book; full?: boolean }) {
  const { t } = useTranslation();
  const practice = usePractice(api, book === 'practice');
  if (book !== 'practice') return null;
  if (practice.data !== undefined) return <PracticeCard account={practice.data} full={full} />;
  if (practice.isError) {
    return (
      <RetryState
        message={errorText(practice.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void practice.refetch()}
      />
    );
  }
  return <DotLoading color="primary" />;
}
