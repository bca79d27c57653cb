import { AGENT_KINDS, LOCALES, MAX_AGENTS, type AgentKind, type LocaleKey } from '@ampere/contract';
import {
  customerServiceChangeSchema,
  type AdminCustomerService,
  type CustomerServiceChange,
} from '@ampere/contract/admin';
import { App, Button, Card, Flex, Form, Input, Select, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { errorText } from '@/i18n/errorText';
import { useCustomerService, useSaveCustomerService } from '../api/content';
import { ImageUpload } from './ImageUpload';

interface Image {
  id: string;
  url: string;
}
interface AgentDraft {
  name: string;
  avatar: Image | null;
  kind: AgentKind;
  value: string;
}
interface LocaleDraft {
  agents: AgentDraft[];
  qr: Image | null;
}
type Draft = Partial<Record<LocaleKey, LocaleDraft>>;

const draftOf = (service: AdminCustomerService): Draft =>
  Object.fromEntries(
    service.locales.map((l) => [
      l.locale,
      {
        agents: l.agents.map((a) => ({
          name: a.name,
          avatar: a.avatarId && a.avatarUrl ? { id: a.avatarId, url: a.avatarUrl } : null,
          kind: a.kind,
          value: a.value,
        })),
        qr: l.qrImageId && l.qrImageUrl ? { id: l.qrImageId, url: l.qrImageUrl } : null,
      },
    ]),
  );

const changeOf = (draft: Draft): CustomerServiceChange => ({
  locales: LOCALES.flatMap(({ key }) => {
    const l = draft[key];
    if (!l || (l.agents.length === 0 && l.qr === null)) return [];
    return [
      {
        locale: key,
        agents: l.agents.map((a) => ({
          name: a.name.trim(),
          avatarId: a.avatar?.id ?? null,
          kind: a.kind,
          value: a.value.trim(),
        })),
        qrImageId: l.qr?.id ?? null,
      },
    ];
  }),
});

const EMPTY: LocaleDraft = { agents: [], qr: null };

/**
 * Customer service per language: up to three agents (name, avatar, how to reach them) and a QR
 * code. A language left empty shows English's, then the first language that has any.
 */
export function CustomerServiceEditor({ canEdit }: { canEdit: boolean }) {
  const service = useCustomerService();
  if (service.isError)
    return <QueryError error={service.error} onRetry={() => void service.refetch()} />;
  if (service.data === undefined) return <Spin />;
  // Saved again from the server's answer: the editor starts over from what was stored.
  return (
    <Editor key={JSON.stringify(service.data)} initial={draftOf(service.data)} canEdit={canEdit} />
  );
}

function Editor({ initial, canEdit }: { initial: Draft; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveCustomerService();
  const [locale, setLocale] = useState<LocaleKey>('en-US');
  const [draft, setDraft] = useState<Draft>(initial);
  const current = draft[locale] ?? EMPTY;
  const set = (next: LocaleDraft) => {
    setDraft((d) => ({ ...d, [locale]: next }));
  };
  const setAgent = (i: number, patch: Partial<AgentDraft>) => {
    set({ ...current, agents: current.agents.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  };
  const submit = async () => {
    const change = changeOf(draft);
    if (!customerServiceChangeSchema.safeParse(change).success) {
      void message.error(t('content.service.invalid'));
      return;
    }
    try {
      await save.mutateAsync(change);
      void message.success(t('content.saved'));
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };
  return (
    <Flex vertical gap={16}>
      <Tabs
        activeKey={locale}
        onChange={(key) => {
          setLocale(key as LocaleKey);
        }}
        items={LOCALES.map(({ key, name }) => {
          const l = draft[key];
          const filled = l && (l.agents.length > 0 || l.qr !== null);
          return { key, label: filled ? `${name} ✓` : name };
        })}
      />
      <Flex gap={16} wrap>
        {current.agents.map((agent, i) => (
          <Card
            key={i}
            size="small"
            title={t('content.service.agentN', { n: i + 1 })}
            style={{ width: 340 }}
            extra={
              canEdit && (
                <Button
                  type="link"
                  danger
                  onClick={() => {
                    set({ ...current, agents: current.agents.filter((_, j) => j !== i) });
                  }}
                >
                  {t('content.delete')}
                </Button>
              )
            }
          >
            <Form layout="vertical" disabled={!canEdit}>
              <Form.Item label={t('content.service.name')}>
                <Input
                  aria-label={t('content.service.name')}
                  value={agent.name}
                  maxLength={40}
                  onChange={(e) => {
                    setAgent(i, { name: e.target.value });
                  }}
                />
              </Form.Item>
              <Form.Item label={t('content.service.avatar')}>
                <ImageUpload
                  purpose="avatar"
                  url={agent.avatar?.url ?? null}
                  size={48}
                  onChange={(avatar) => {
                    setAgent(i, { avatar });
                  }}
                />
              </Form.Item>
              <Form.Item label={t('content.service.kind')}>
                <Select
                  value={agent.kind}
                  options={AGENT_KINDS.map((k) => ({
                    value: k,
                    label: t(`content.service.kinds.${k}`),
                  }))}
                  onChange={(kind) => {
                    setAgent(i, { kind });
                  }}
                />
              </Form.Item>
              <Form.Item
                label={t('content.service.value')}
                extra={t(`content.service.help.${agent.kind}`)}
              >
                <Input
                  aria-label={t('content.service.value')}
                  value={agent.value}
                  onChange={(e) => {
                    setAgent(i, { value: e.target.value });
                  }}
                />
              </Form.Item>
            </Form>
          </Card>
        ))}
        {canEdit && current.agents.length < MAX_AGENTS && (
          <Button
            onClick={() => {
              set({
                ...current,
                agents: [
                  ...current.agents,
                  { name: '', avatar: null, kind: 'telegram', value: '' },
                ],
              });
            }}
          >
            {t('content.service.addAgent')}
          </Button>
        )}
      </Flex>
      <Card size="small" title={t('content.service.qr')} style={{ maxWidth: 480 }}>
        {canEdit ? (
          <ImageUpload
            purpose="qr"
            url={current.qr?.url ?? null}
            size={160}
            onChange={(qr) => {
              set({ ...current, qr });
            }}
          />
        ) : current.qr ? (
          <img src={current.qr.url} alt="" style={{ width: 160 }} />
        ) : (
          <Typography.Text type="secondary">{t('content.service.noQr')}</Typography.Text>
        )}
      </Card>
      {canEdit && (
        <div>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('content.service.saveAll')}
          </Button>
        </div>
      )}
    </Flex>
  );
}
