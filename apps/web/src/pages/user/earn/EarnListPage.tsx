import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { ProductCard } from '@/features/earn/components/ProductCard';
import { useEarnProducts } from '@/features/earn/hooks/useEarn';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

/** Every Earn product, in the operator's order. */
export default function EarnListPage() {
  useFeatureMessages('earn');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const products = useEarnProducts();
  return (
    <Section>
      <QueryState query={products}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon={<GiftOutline />} message={t('earn.noProducts')} />
          ) : (
            items.map((p) => (
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
  );
}
