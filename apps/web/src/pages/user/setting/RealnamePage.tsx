import type { RealnameAuthRequest } from '@ampere/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '@/components/QueryState';
import { api } from '@/core/api';
import {
  fetchRealname,
  KYC_IMAGE_TYPES,
  REALNAME_QUERY_KEY,
  submitRealname,
  uploadWithProgress,
} from '@/features/kyc/api/kyc';
import { KycForm } from '@/features/kyc/components/KycForm';
import type { PickedImage } from '@/features/kyc/components/SidePicker';
import { StatusCard } from '@/features/kyc/components/StatusCard';
import { errorText } from '@/i18n/errorText';
import { useFeatureMessages } from '@/i18n/feature';
import { Toast } from '@/lib/overlays';

/**
 * Real-name verification (SPEC §2 realnameAuth, §4 its four states): where it stands, the
 * reviewer's reason per side, and the form for what is still to send.
 */
export default function RealnamePage() {
  useFeatureMessages('kyc');
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: REALNAME_QUERY_KEY, queryFn: () => fetchRealname(api) });
  const mutation = useMutation({
    mutationFn: (body: RealnameAuthRequest) => submitRealname(api, body),
    onSuccess: (data) => {
      queryClient.setQueryData(REALNAME_QUERY_KEY, data);
      Toast.show({ icon: 'success', content: t('success.realnameSubmitted') });
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });

  const upload = async (file: File, onProgress: (p: number) => void): Promise<PickedImage> => {
    if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      Toast.show({ icon: 'fail', content: t('errors.unsupported_image') });
      throw new Error('Unsupported image');
    }
    try {
      const done = await uploadWithProgress(file, onProgress);
      return { id: done.id, url: done.url };
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error, t, { fallback: 'upload_failed' }) });
      throw error;
    }
  };

  if (query.data === undefined) return <QueryFallback query={query} />;
  const data = query.data;
  const open = data.status === 'uncertified' || data.status === 'declined';
  return (
    <>
      <StatusCard data={data} />
      {open ? (
        <KycForm
          // A new decision starts a fresh form.
          key={`${data.status}-${data.decidedAt ?? ''}`}
          current={data}
          upload={upload}
          submitting={mutation.isPending}
          onSubmit={(body) => {
            mutation.mutate(body);
          }}
          onMissing={(what) => {
            Toast.show({
              content: t(what === 'details' ? 'validation.realname' : 'validation.idPhotos'),
            });
          }}
        />
      ) : null}
    </>
  );
}
