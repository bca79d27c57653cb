import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { toastOnNextPage } from '@/core/navigation';
import { isSupportedImage, submitRealname, uploadImage } from '@/features/account/api/account';
import type { RealnameSubmission } from '@/features/account/api/account';
import { RealnameForm } from '@/features/account/components/RealnameForm';
import { useGoBack } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';
import { TOAST_MS } from '@/lib/constants';
import { Toast } from '@/lib/overlays';

export default function RealnamePage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const mutation = useMutation({
    mutationFn: (values: RealnameSubmission) => submitRealname(api, values),
    onSuccess: () => {
      toastOnNextPage(t('success.realnameSubmitted'), TOAST_MS);
      goBack();
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });

  const upload = async (file: File): Promise<string> => {
    if (!isSupportedImage(file)) {
      Toast.show({ icon: 'fail', content: t('errors.unsupported_image') });
      throw new Error('Unsupported image');
    }
    try {
      return await uploadImage(api, file);
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error, t, { fallback: 'upload_failed' }) });
      throw error;
    }
  };

  return (
    <RealnameForm
      upload={upload}
      submitting={mutation.isPending}
      onSubmit={(values) => {
        mutation.mutate(values);
      }}
    />
  );
}
