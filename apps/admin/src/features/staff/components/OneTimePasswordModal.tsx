import { useTranslation } from 'react-i18next';
import { SecretOnceModal } from '@/components/SecretOnceModal';
import type { StaffCreated } from '../api/staff';

interface Props {
  created: StaffCreated | undefined;
  onClose: () => void;
}

/** A member's one-time password, shown this once (the server keeps only its hash). */
export function OneTimePasswordModal({ created, onClose }: Props) {
  const { t } = useTranslation();
  const name = created?.staff.username ?? '';
  return (
    <SecretOnceModal
      secret={created?.oneTimePassword}
      title={t('staff.otpTitle', { name })}
      body={t('staff.otpBody', { name })}
      label={t('staff.otpLabel')}
      warning={t('staff.otpWarning')}
      doneText={t('staff.otpDone')}
      testId="one-time-password"
      onClose={onClose}
    />
  );
}
