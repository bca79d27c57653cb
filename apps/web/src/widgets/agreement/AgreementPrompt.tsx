import type { Agreement } from '@ampere/contract';
import { ERRORS } from '@ampere/contract';
import { isApiError } from '@ampere/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { relaunch } from '@/core/navigation';
import { clearSession } from '@/core/session';
import { logout } from '@/features/auth/api/auth';
import { acceptAgreement, fetchAgreementPending } from '@/features/content/api/agreement';
import { AgreementSheet } from '@/features/content/components/AgreementSheet';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { LOGIN_PATH } from '@/lib/nav';
import { Toast } from '@/lib/overlays';

interface Props {
  agreement: Agreement;
  /** The user accepted the version in force (or it turned out they already had). */
  onDone: () => void;
}

/**
 * The launch prompt for a new agreement version: accepting records it on the server (with time
 * and address); a version replaced meanwhile (6530) is swapped for the one in force, to be read
 * again; declining signs the user out, since the app cannot be used without it.
 */
export default function AgreementPrompt({ agreement: first, onDone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [agreement, setAgreement] = useState(first);
  const [busy, setBusy] = useState<'accept' | 'decline'>();

  const accept = async () => {
    setBusy('accept');
    try {
      await acceptAgreement(api, agreement.version);
      void queryClient.invalidateQueries({ queryKey: ['common/userServiceAgreement'] });
      Toast.show({ icon: 'success', content: t('agreement.accepted') });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.AGREEMENT_VERSION_OUTDATED.code) {
        const { agreement: current } = await fetchAgreementPending(api).catch(() => ({
          agreement,
        }));
        Toast.show({ content: errorText(error, t) });
        if (current) setAgreement(current);
        else onDone();
      } else {
        Toast.show({ icon: 'fail', content: errorText(error, t, { fallback: 'request_failed' }) });
      }
    } finally {
      setBusy(undefined);
    }
  };

  const decline = async () => {
    setBusy('decline');
    // Signing out ends the session on the server; without an answer the device forgets it anyway.
    await logout(api).catch(() => undefined);
    clearSession();
    setBusy(undefined);
    onDone();
    relaunch(LOGIN_PATH, { content: t('success.logout'), durationMs: AUTH_TOAST_MS });
  };

  return (
    <AgreementSheet
      agreement={agreement}
      accepting={busy === 'accept'}
      declining={busy === 'decline'}
      onAccept={() => void accept()}
      onDecline={() => void decline()}
    />
  );
}
