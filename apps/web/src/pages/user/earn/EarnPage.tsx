import { List } from 'antd-mobile';
import { FileOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { EarnRules } from '@/features/earn/components/EarnRules';
import { ProductCard } from '@/features/earn/components/ProductCard';
import { SummaryCard } from '@/features/earn/components/SummaryCard';
import { useEarnProducts, useEarnSummary } from '@/features/earn/hooks/useEarn';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

/** Earn home: what the user holds and earned, the products, their orders, the rules. */
export default function EarnPage() {
  useFeatureMessages('earn');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const summary = useEarnSummary();
  const products = useEarnProducts();
  return (
    <>
      <Section>
        <QueryState query={summary} compact>
          {(s) => <SummaryCard summary={s} />}
        </QueryState>
      </Section>
      <List mode="card">
        <List.Item
          prefix={<FileOutline />}
          onClick={() => {
            navigate(PATHS.earnOrder);
          }}
        >
          {t('pages.earnOrder.title')}
        </List.Item>
        <List.Item
          prefix={<UnorderedListOutline />}
          onClick={() => {
            navigate(PATHS.earnList);
          }}
        >
          {t('pages.earnList.title')}
        </List.Item>
      </List>
      <Section title={t('earn.products')}>
        <QueryState query={products} compact>
          {(items) =>
            items.length === 0 ? (
              <EmptyState message={t('earn.noProducts')} />
            ) : (
              items.slice(0, 3).map((p) => (
                <ProductCard
                  key={p.id}
                  product={p}
                  onOpen={() => {
                    navigate(`${PATHS.earnDetail}?id=${p.id}`);
                  }}
                />
              ))
            )
          }
        </QueryState>
      </Section>
      <Section title={t('earn.howItWorks')}>
        <EarnRules />
      </Section>
    </>
  );
}
