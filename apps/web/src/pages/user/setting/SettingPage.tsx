import { LOCALES } from '@ampere/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import {
  BankcardOutline,
  GlobalOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  SetOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { relaunch } from '@/core/navigation';
import { clearSession, useSession } from '@/core/session';
import { useTheme } from '@/core/theme';
import { PATHS } from '@/config/paths';
import { LoginHistoryList } from '@/features/account/components/LoginHistoryList';
import { useFundPasswordSet, useHome, useLoginHistory } from '@/features/account/hooks/useAccount';
import { logout } from '@/features/auth/api/auth';
import { useAppNavigate, useOpenDialog } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { LOGIN_PATH } from '@/lib/nav';
import { Modal, Toast } from '@/lib/overlays';
import styles from './SettingPage.module.css';

function useLogout() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => logout(api),
    onSuccess: () => {
      clearSession();
      relaunch(LOGIN_PATH, { content: t('success.logout'), durationMs: AUTH_TOAST_MS });
    },
    onError: (error) => {
      // SPEC §8: the server's message or "Logout failure"; no answer at all is "Server error".
      const content = errorText(error, t, {
        fallback: 'logout_failed',
        unanswered: 'server_error',
      });
      Toast.show({ icon: 'fail', content });
    },
  });
}

/** "Set fund password" before there is one, "Change fund password" after; plain until known. */
function useFundPasswordLabel(username: string): string {
  const { t } = useTranslation();
  const { data: isSet } = useFundPasswordSet(api, username);
  if (isSet === undefined) return t('pages.fundPassword.title');
  return t(isSet ? 'setting.fundPassword.change' : 'setting.fundPassword.set');
}

export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openDialog = useOpenDialog();
  const signOut = useLogout();
  const { mode } = useTheme();
  const username = useSession().user?.username ?? '';
  const fundPasswordLabel = useFundPasswordLabel(username);
  const realName = useHome(api, username).data?.realName;
  const history = useLoginHistory(api, username);
  const language = LOCALES.find((locale) => locale.key === currentLocale())?.name;
  const go = (path: string) => () => {
    navigate(path);
  };

  return (
    <>
      <List header={t('setting.preferences')} mode="card">
        <List.Item
          prefix={<GlobalOutline />}
          extra={language}
          onClick={() => {
            openDialog(PATHS.languageDialog);
          }}
        >
          {t('setting.language')}
        </List.Item>
        <List.Item
          prefix={<SetOutline />}
          extra={t(`theme.modes.${mode}.label`)}
          onClick={go(PATHS.theme)}
        >
          {t('pages.theme.title')}
        </List.Item>
      </List>
      <List header={t('setting.trading')} mode="card">
        <List.Item prefix={<HistogramOutline />} onClick={go(PATHS.tradeLimits)}>
          {t('pages.tradeLimits.title')}
        </List.Item>
      </List>
      <List header={t('setting.security')} mode="card">
        <List.Item prefix={<LockOutline />} onClick={go(PATHS.password)}>
          {t('pages.password.title')}
        </List.Item>
        <List.Item prefix={<KeyOutline />} onClick={go(PATHS.fundPassword)}>
          {fundPasswordLabel}
        </List.Item>
        <List.Item prefix={<BankcardOutline />} onClick={go(PATHS.bindCards)}>
          {t('pages.bindCards.title')}
        </List.Item>
        <List.Item
          prefix={<UserContactOutline />}
          extra={realName && t(`account.realName.${realName}`)}
          onClick={go(PATHS.realname)}
        >
          {t('pages.realname.title')}
        </List.Item>
      </List>
      <LoginHistoryList
        status={history.status}
        items={history.data}
        onRetry={() => {
          void history.refetch();
        }}
      />
      <div className={styles.logout}>
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          loading={signOut.isPending}
          onClick={() => {
            // The outcome is handled in onConfirm; the promise only repeats it.
            void Modal.confirm({
              content: t('setting.logoutConfirm'),
              confirmText: t('setting.logout'),
              cancelText: t('common.cancel'),
              onConfirm: () => {
                signOut.mutate();
              },
            });
          }}
        >
          {t('setting.logout')}
        </Button>
      </div>
    </>
  );
}
