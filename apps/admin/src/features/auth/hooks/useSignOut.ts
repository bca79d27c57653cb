import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { signOut } from '../api/auth';

/** For the header's account menu and the account page: sign out here, or everywhere (asked first). */
export function useSignOut() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const run = (everywhere: boolean) => {
    signOut(everywhere).catch((error: unknown) => {
      void message.error(errorText(error, t));
    });
  };
  return {
    signOut: () => {
      run(false);
    },
    signOutEverywhere: () => {
      modal.confirm({
        title: t('session.signOutAll'),
        content: t('session.signOutAllConfirm'),
        okText: t('session.signOutAll'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => {
          run(true);
        },
      });
    },
  };
}
