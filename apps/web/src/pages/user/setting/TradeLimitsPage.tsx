import { QueryFallback } from '@/components/QueryState';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { Section } from '@/components/Section';
import { LimitsForm } from '@/features/trade/components/LimitsForm';
import { TodayFigures } from '@/features/trade/components/TodayFigures';
import { useSaveTradeLimits, useTradeLimits } from '@/features/trade/hooks/useTrade';
import { limitsRequest, tzMinutesEast } from '@/features/trade/limits';
import { reminderMinutesChanged } from '@/features/trade/reminderSettings';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';

/**
 * Responsible trading (docs/trading-rules.md): today's figures, and the user's own daily loss
 * limits, daily number of orders and result reminder. The server refuses orders beyond a limit
 * until the next day, counted in this device's time zone.
 */
export default function TradeLimitsPage() {
  const { t } = useTranslation();
  const limits = useTradeLimits(api);
  const saving = useSaveTradeLimits(api);
  if (limits.data === undefined) return <QueryFallback query={limits} />;
  return (
    <>
      <Section title={t('trade.limits.today')}>
        <TodayFigures today={limits.data.today} />
      </Section>
      <LimitsForm
        limits={limits.data}
        saving={saving.isPending}
        onSave={(form) => {
          saving.mutate(
            { form: limitsRequest(form), tz: tzMinutesEast() },
            {
              onSuccess: (saved) => {
                reminderMinutesChanged(saved.reminderMinutes);
                Toast.show({ icon: 'success', content: t('trade.limits.saved') });
              },
              onError: (error) => {
                Toast.show({ icon: 'fail', content: errorText(error, t) });
              },
            },
          );
        }}
      />
    </>
  );
}
