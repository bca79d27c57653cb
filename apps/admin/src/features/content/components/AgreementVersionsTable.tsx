import { LOCALES, type LocaleKey } from '@ampere/contract';
import type { AdminAgreementVersion } from '@ampere/contract/admin';
import { Button, Modal, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhonePreview } from './PhonePreview';

const STATE_COLOR = { current: 'green', scheduled: 'blue', superseded: 'default' } as const;
const nameOf = (locale: LocaleKey) => LOCALES.find((l) => l.key === locale)?.name ?? locale;

/** One published version as the phone shows it, a tab per language it was written in. */
function VersionView({ version }: { version: AdminAgreementVersion }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [locale, setLocale] = useState<LocaleKey>('en-US');
  const text = version.texts.find((x) => x.locale === locale) ?? version.texts[0];
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('content.agreement.view')}
      </Button>
      <Modal
        open={open}
        width={480}
        title={t('content.agreement.versionLine', { version: version.version })}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setOpen(false);
        }}
      >
        <Tabs
          size="small"
          activeKey={text?.locale}
          onChange={(key) => {
            setLocale(key as LocaleKey);
          }}
          items={version.texts.map((x) => ({ key: x.locale, label: nameOf(x.locale) }))}
        />
        {text && (
          <PhonePreview
            title={text.title}
            body={text.body}
            label={t('content.agreement.preview')}
            meta={new Date(version.effectiveAt).toLocaleString()}
          />
        )}
      </Modal>
    </>
  );
}

/** Every version, newest first: its state, when it took (or takes) effect, who accepted it. */
export function AgreementVersionsTable({
  versions,
  loading,
}: {
  versions: AdminAgreementVersion[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table<AdminAgreementVersion>
      rowKey="version"
      loading={loading}
      dataSource={versions}
      pagination={{ pageSize: 20 }}
      columns={[
        {
          title: t('content.agreement.version'),
          key: 'version',
          render: (_, v) => `v${v.version.toString()}`,
        },
        {
          title: t('content.agreement.title'),
          key: 'title',
          render: (_, v) => (v.texts.find((x) => x.locale === 'en-US') ?? v.texts[0])?.title,
        },
        {
          title: t('content.notices.state'),
          key: 'state',
          render: (_, v) => (
            <Tag color={STATE_COLOR[v.state]}>{t(`content.agreement.states.${v.state}`)}</Tag>
          ),
        },
        {
          title: t('content.agreement.effective'),
          key: 'effectiveAt',
          render: (_, v) => new Date(v.effectiveAt).toLocaleString(),
        },
        {
          title: t('content.notices.languages'),
          key: 'languages',
          render: (_, v) => v.texts.length,
        },
        { title: t('content.agreement.acceptances'), dataIndex: 'acceptances', key: 'acceptances' },
        { title: t('content.agreement.publishedBy'), dataIndex: 'createdBy', key: 'createdBy' },
        { title: '', key: 'view', render: (_, v) => <VersionView version={v} /> },
      ]}
    />
  );
}
