import type { AdminReceivingAccount, ReceivingAccountChange } from '@ampere/contract/admin';
import {
  ModalForm,
  ProCard,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProTable,
  type ProColumns,
} from '@ant-design/pro-components';
import { App, Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useSaveReceivingAccount } from '../api/funding';

function AccountForm({ account }: { account?: AdminReceivingAccount }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveReceivingAccount();
  return (
    <ModalForm<ReceivingAccountChange>
      title={t(account === undefined ? 'fundingDesk.accounts.add' : 'fundingDesk.accounts.edit')}
      width={520}
      initialValues={account ?? { enabled: true, sortOrder: 0 }}
      modalProps={{ destroyOnHidden: true, cancelText: t('common.cancel') }}
      submitter={{ searchConfig: { submitText: t('fundingDesk.save') } }}
      trigger={
        account === undefined ? (
          <Button type="primary" icon={<PlusOutlined />}>
            {t('fundingDesk.accounts.add')}
          </Button>
        ) : (
          <Button type="link" size="small">
            {t('fundingDesk.accounts.edit')}
          </Button>
        )
      }
      onFinish={async (change) => {
        try {
          await save.mutateAsync({ id: account?.id, change });
          void message.success(t('fundingDesk.saved'));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <ProFormText
        name="bankName"
        label={t('fundingDesk.accounts.bankName')}
        rules={[{ required: true, min: 2 }]}
      />
      <ProFormText
        name="accountName"
        label={t('fundingDesk.accounts.accountName')}
        rules={[{ required: true, min: 2 }]}
      />
      <ProFormText
        name="cardNumber"
        label={t('fundingDesk.accounts.cardNumber')}
        rules={[
          {
            required: true,
            pattern: /^\d{8,32}$/,
            message: t('fundingDesk.accounts.cardNumberHint'),
          },
        ]}
      />
      <ProFormText
        name="branch"
        label={t('fundingDesk.accounts.branch')}
        rules={[{ required: true, min: 2 }]}
      />
      <ProFormDigit
        name="sortOrder"
        label={t('fundingDesk.accounts.sortOrder')}
        min={0}
        max={1000}
        fieldProps={{ precision: 0 }}
      />
      <ProFormSwitch name="enabled" label={t('fundingDesk.accounts.enabled')} />
    </ModalForm>
  );
}

/** The platform's bank accounts users transfer to; disabled rather than deleted (old records name them). */
export function ReceivingAccountsCard({
  accounts,
  canEdit,
}: {
  accounts: readonly AdminReceivingAccount[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const columns: ProColumns<AdminReceivingAccount>[] = [
    { title: t('fundingDesk.accounts.bankName'), dataIndex: 'bankName' },
    { title: t('fundingDesk.accounts.accountName'), dataIndex: 'accountName' },
    { title: t('fundingDesk.accounts.cardNumber'), dataIndex: 'cardNumber' },
    { title: t('fundingDesk.accounts.branch'), dataIndex: 'branch' },
    {
      title: t('fundingDesk.accounts.enabled'),
      dataIndex: 'enabled',
      render: (_, a) => (
        <Tag color={a.enabled ? 'success' : 'default'}>
          {t(a.enabled ? 'fundingDesk.accounts.on' : 'fundingDesk.accounts.off')}
        </Tag>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('fundingDesk.actions'),
      valueType: 'option',
      render: (_, a) => <AccountForm account={a} />,
    });
  }
  return (
    <ProCard
      title={t('fundingDesk.accounts.title')}
      bordered
      extra={canEdit ? <AccountForm /> : undefined}
    >
      <ProTable<AdminReceivingAccount>
        rowKey="id"
        columns={columns}
        dataSource={[...accounts]}
        search={false}
        pagination={false}
        options={false}
        toolBarRender={false}
      />
    </ProCard>
  );
}
