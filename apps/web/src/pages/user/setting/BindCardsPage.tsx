import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { toastOnNextPage } from '@/core/navigation';
import { bindBankCard } from '@/features/account/api/account';
import type { BankCard } from '@/features/account/api/account';
import { BankCardForm } from '@/features/account/components/BankCardForm';
import { useGoBack } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';
import { TOAST_MS } from '@/lib/constants';
import { Toast } from '@/lib/overlays';

export default function BindCardsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const mutation = useMutation({
    mutationFn: (values: BankCard) => bindBankCard(api, values),
    onSuccess: () => {
      toastOnNextPage(t('success.cardBound'), TOAST_MS);
      goBack();
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  return (
    <BankCardForm
      submitting={mutation.isPending}
      onSubmit={(values) => {
        mutation.mutate(values);
      }}
    />
  );
}
