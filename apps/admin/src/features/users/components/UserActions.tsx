import { LEVELS } from '@ampere/contract';
import type { UserDetail, UserPasswordResetResult } from '@ampere/contract/admin';
import { ModalForm, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretOnceModal } from '@/components/SecretOnceModal';
import { useCan } from '@/core/session';
import { errorText } from '@/i18n/errorText';
import { useResetUserPassword, useSetUserLevel, useSetUserStatus } from '../api/users';

/** What the confirmation dialogs ask: always an optional reason; the level for a level change. */
interface ConfirmValues {
  reason?: string;
  level?: number;
}

const reasonOf = (values: ConfirmValues) => {
  const reason = values.reason?.trim();
  return reason === undefined || reason === '' ? undefined : reason;
};

/** A confirmation dialog with an optional reason (kept in the audit log). */
function ConfirmWithReason({
  title,
  body,
  trigger,
  okText,
  danger,
  children,
  onConfirm,
}: {
  title: string;
  body: ReactNode;
  trigger: ReactNode;
  okText: string;
  danger?: boolean;
  children?: ReactNode;
  onConfirm: (values: ConfirmValues) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<ConfirmValues>
      title={title}
      width={520}
      trigger={<span>{trigger}</span>}
      modalProps={{
        destroyOnHidden: true,
        okText,
        okButtonProps: { danger },
        cancelText: t('common.cancel'),
      }}
      onFinish={onConfirm}
    >
      <Typography.Paragraph>{body}</Typography.Paragraph>
      {children}
      <ProFormTextArea
        name="reason"
        label={t('users.actions.reason')}
        placeholder={t('users.actions.reasonHint')}
        fieldProps={{ maxLength: 500, showCount: true, autoSize: { minRows: 2, maxRows: 5 } }}
      />
    </ModalForm>
  );
}

/** The temporary password, shown this once: the server keeps only its hash. */
function TemporaryPasswordModal({
  result,
  onClose,
}: {
  result: UserPasswordResetResult | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = result?.user.username ?? '';
  return (
    <SecretOnceModal
      secret={result?.temporaryPassword}
      title={t('users.reset.doneTitle', { name })}
      body={t('users.reset.doneBody', { name })}
      warning={t('users.reset.once')}
      doneText={t('users.reset.done')}
      testId="temporary-password"
      onClose={onClose}
    />
  );
}

/**
 * What a member may do to an account, each button only with its permission (the server checks
 * again): disable or enable (`users.manage`), a forced password reset (`users.manage`), the
 * member level (`users.level`). Each asks first.
 */
export function UserActions({ user }: { user: UserDetail['user'] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canManage = useCan('users.manage');
  const canLevel = useCan('users.level');
  const status = useSetUserStatus();
  const level = useSetUserLevel();
  const reset = useResetUserPassword();
  const [issued, setIssued] = useState<UserPasswordResetResult>();
  const name = user.username;
  const { uid } = user;

  /** Runs a change; the dialog stays open (and says why) when it is refused. */
  const attempt = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done !== undefined) void message.success(done);
      return true;
    } catch (error) {
      void message.error(errorText(error, t));
      return false;
    }
  };

  return (
    <Space wrap>
      {canManage &&
        (user.status === 'active' ? (
          <ConfirmWithReason
            title={t('users.disable.title', { name })}
            body={t('users.disable.body', { name })}
            okText={t('users.disable.action')}
            danger
            trigger={<Button danger>{t('users.disable.action')}</Button>}
            onConfirm={(values) =>
              attempt(
                () => status.mutateAsync({ uid, status: 'disabled', reason: reasonOf(values) }),
                t('users.disable.done', { name }),
              )
            }
          />
        ) : (
          <Popconfirm
            title={t('users.enable.title', { name })}
            okText={t('users.enable.action')}
            cancelText={t('common.cancel')}
            onConfirm={() => {
              void attempt(
                () => status.mutateAsync({ uid, status: 'active' }),
                t('users.enable.done', { name }),
              );
            }}
          >
            <Button>{t('users.enable.action')}</Button>
          </Popconfirm>
        ))}
      {canManage && (
        <ConfirmWithReason
          title={t('users.reset.title', { name })}
          body={t('users.reset.body', { name })}
          okText={t('users.reset.action')}
          danger
          trigger={<Button>{t('users.reset.action')}</Button>}
          onConfirm={(values) =>
            attempt(async () => {
              setIssued(await reset.mutateAsync({ uid, reason: reasonOf(values) }));
            })
          }
        />
      )}
      {canLevel && (
        <ConfirmWithReason
          title={t('users.levelChange.title', { name })}
          body={t('users.levelChange.body')}
          okText={t('users.levelChange.action')}
          trigger={<Button>{t('users.levelChange.action')}</Button>}
          onConfirm={(values) =>
            attempt(
              () =>
                level.mutateAsync({
                  uid,
                  level: values.level ?? user.levelFloor,
                  reason: reasonOf(values),
                }),
              t('users.levelChange.done', { name }),
            )
          }
        >
          <ProFormSelect
            name="level"
            label={t('users.level')}
            initialValue={user.levelFloor}
            allowClear={false}
            rules={[{ required: true }]}
            options={LEVELS.map((key, value) => ({ value, label: t(`users.levels.${key}`) }))}
          />
        </ConfirmWithReason>
      )}
      <TemporaryPasswordModal
        result={issued}
        onClose={() => {
          setIssued(undefined);
        }}
      />
    </Space>
  );
}
