import { SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/app/config';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';
import styles from './MarketsPage.module.css';

export default function MarketsPage() {
  const { t } = useTranslation();
  const { feedSimulated } = useConfig();
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  return (
    <>
      <div className={styles.search}>
        <SearchBar placeholder={t('markets.search')} value={query} onChange={setQuery} />
      </div>
      <Section
        title={t('markets.listTitle')}
        extra={
          feedSimulated && (
            <Tag color="warning" fill="outline">
              {t('markets.simulated')}
            </Tag>
          )
        }
      >
        <EmptyState
          message={searching ? t('markets.noResults', { query: query.trim() }) : t('markets.empty')}
        />
      </Section>
    </>
  );
}
