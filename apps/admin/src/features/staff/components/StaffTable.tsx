import type { StaffMember } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Badge, Button, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { RoleTag } from '@/components/RoleTag';
import { useCan, useSession } from '@/core/session';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useChangeStatus, useResetStaff, useStaffList, type StaffCreated } from '../api/staff';
import { ChangeRoleForm } from './ChangeRoleForm';
import { CreateStaffForm } from './CreateStaffForm';
import { OneTimePasswordModal } from './OneTimePasswordModal';

/** Row actions: role, status, reset. Not on one's own row (the server refuses those: 7006). */
function MemberActions({
  member,
  self,
  onReset,
}: {
  member: StaffMember;
  self: boolean;
  onReset: (created: StaffCreated) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useChangeStatus();
  const reset = useResetStaff();
  const name = member.username;
  const fail = (error: unknown) => void message.error(errorText(error, t));
  const disabling = member.status === 'active';
  const actions = (
    <Space size={0} wrap>
      <ChangeRoleForm member={member} disabled={self} />
      <Popconfirm
        title={t(disabling ? 'staff.disableConfirm' : 'staff.enableConfirm', { name })}
        okText={t(disabling ? 'staff.disable' : 'staff.enable')}
        okButtonProps={{ danger: disabling }}
        cancelText={t('common.cancel')}
        disabled={self}
        onConfirm={() => {
          status.mutate(
            { id: member.id, status: disabling ? 'disabled' : 'active' },
            {
              onSuccess: () =>
                void message.success(t(disabling ? 'staff.disabled' : 'staff.enabled', { name })),
              onError: fail,
            },
          );
        }}
      >
        <Button type="link" size="small" danger={disabling} disabled={self}>
          {t(disabling ? 'staff.disable' : 'staff.enable')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('staff.reset')}
        description={<div style={{ maxWidth: 320 }}>{t('staff.resetConfirm', { name })}</div>}
        okText={t('staff.reset')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        disabled={self}
        onConfirm={() => {
          reset.mutate({ id: member.id }, { onSuccess: onReset, onError: fail });
        }}
      >
        <Button type="link" size="small" disabled={self}>
          {t('staff.reset')}
        </Button>
      </Popconfirm>
    </Space>
  );
  return self ? <Tooltip title={t('staff.selfHint')}>{actions}</Tooltip> : actions;
}

/** Every staff member; for owners (`staff.manage`), adding, role, status and reset. */
export function StaffTable() {
  const { t } = useTranslation();
  const { staff: me } = useSession();
  const canManage = useCan('staff.manage');
  const list = useStaffList();
  const [created, setCreated] = useState<StaffCreated>();
  const locale = currentLocale();

  if (list.isError && list.data === undefined) {
    return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  }
  const names = new Map(list.data?.map((member) => [member.id, member.username]));

  const columns: ProColumns<StaffMember>[] = [
    {
      title: t('staff.username'),
      dataIndex: 'username',
      render: (_, member) => (
        <Space size={6}>
          <span>{member.username}</span>
          {member.id === me.id && <Tag bordered={false}>{t('staff.you')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('staff.role'),
      dataIndex: 'role',
      render: (_, member) => <RoleTag role={member.role} />,
    },
    {
      title: t('staff.status'),
      dataIndex: 'status',
      render: (_, member) => (
        <Badge
          status={member.status === 'active' ? 'success' : 'default'}
          text={t(`staff.statuses.${member.status}`)}
        />
      ),
    },
    {
      // Both halves of signing in: the second factor, and whether the password is still the
      // one-time one (a new or reset member).
      title: t('staff.signIn'),
      dataIndex: 'totpEnrolled',
      render: (_, member) => (
        <Space size={4}>
          {member.totpEnrolled ? (
            <Tag color="success" bordered={false}>
              {t('staff.totpEnrolled')}
            </Tag>
          ) : (
            <Tag color="warning" bordered={false}>
              {t('staff.totpPending')}
            </Tag>
          )}
          {member.mustChangePassword && (
            <Tag color="warning" bordered={false}>
              {t('staff.passwordOneTime')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('staff.lastSignInAt'),
      dataIndex: 'lastSignInAt',
      render: (_, member) =>
        member.lastSignInAt === null
          ? t('staff.never')
          : formatDateTime(member.lastSignInAt, locale, { seconds: false }),
    },
    {
      title: t('staff.createdAt'),
      dataIndex: 'createdAt',
      render: (_, member) => (
        <Flex vertical>
          <span>{formatDateTime(member.createdAt, locale, { seconds: false })}</span>
          {member.createdBy !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('staff.by', { name: names.get(member.createdBy) ?? member.createdBy })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      title: t('staff.actions'),
      valueType: 'option',
      render: (_, member) => (
        <MemberActions member={member} self={member.id === me.id} onReset={setCreated} />
      ),
    });
  }

  return (
    <>
      <ProTable<StaffMember>
        rowKey="id"
        // Cells keep to one line; a narrow window scrolls the table rather than wrapping them.
        columns={columns.map((column) => ({
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          ...column,
        }))}
        scroll={{ x: 'max-content' }}
        dataSource={list.data}
        loading={list.isFetching}
        search={false}
        pagination={false}
        cardBordered
        options={{
          reload: () => void list.refetch(),
          density: false,
          setting: false,
        }}
        toolBarRender={() =>
          canManage ? [<CreateStaffForm key="add" onCreated={setCreated} />] : []
        }
      />
      <OneTimePasswordModal
        created={created}
        onClose={() => {
          setCreated(undefined);
        }}
      />
    </>
  );
}
