import { LOCALES } from '@ampere/contract';
import {
  agreementVersionChangeSchema,
  type AdminAgreementVersion,
  type AgreementVersionChange,
} from '@ampere/contract/admin';
import { App, Button, DatePicker, Flex, Input, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { usePublishAgreement } from '../api/content';
import {
  LanguageTabs,
  textsByLocale,
  useLocalizedTexts,
  type LocalizedTexts,
} from './LocalizedTexts';
import { PhonePreview } from './PhonePreview';

const textsOf = (version: AdminAgreementVersion | undefined) => textsByLocale(version?.texts ?? []);

/** The languages with a title and a body, in the contract's order; a language left out reads English. */
function toChange(texts: LocalizedTexts, effectiveAt: Dayjs | null): AgreementVersionChange {
  return {
    texts: LOCALES.flatMap(({ key }) => {
      const text = texts[key];
      return text && text.title.trim() !== '' && text.body.trim() !== ''
        ? [{ locale: key, ...text }]
        : [];
    }),
    effectiveAt: effectiveAt === null ? null : effectiveAt.valueOf(),
  };
}

/**
 * The next version of the user service agreement (content.manage): one tab per language (13),
 * each a title and a body (rich text as HTML, sanitized by the server as announcements are),
 * started from the version in force; beside it, the text as the phone shows it in a sandboxed
 * frame. Published now or at a chosen time; a published version is never edited.
 */
export function AgreementEditor({
  current,
  next,
}: {
  current?: AdminAgreementVersion;
  next: number;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const publish = usePublishAgreement();
  const [open, setOpen] = useState(false);
  const {
    locale,
    setLocale,
    texts,
    setTexts,
    current: text,
    edit,
    reset,
  } = useLocalizedTexts(() => ({}));
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState<Dayjs | null>(null);

  const submit = () => {
    const change = toChange(texts, when === 'later' ? at : null);
    if (!change.texts.some((x) => x.locale === 'en-US')) {
      void message.error(t('content.agreement.needEnglish'));
      return;
    }
    if (when === 'later' && at === null) {
      void message.error(t('content.agreement.needTime'));
      return;
    }
    if (!agreementVersionChangeSchema.safeParse(change).success) {
      void message.error(t('content.agreement.invalid'));
      return;
    }
    modal.confirm({
      title: t('content.agreement.confirmTitle', { version: next }),
      content:
        when === 'later' && at
          ? t('content.agreement.confirmLater', { time: at.format('YYYY-MM-DD HH:mm') })
          : t('content.agreement.confirmNow'),
      okText: t('content.agreement.publish'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const published = await publish.mutateAsync(change);
          void message.success(t('content.agreement.published', { version: published.version }));
          setOpen(false);
        } catch (error) {
          void message.error(errorText(error, t));
        }
      },
    });
  };

  return (
    <>
      <Button
        type="primary"
        onClick={() => {
          reset(textsOf(current));
          setWhen('now');
          setAt(null);
          setOpen(true);
        }}
      >
        {t('content.agreement.create', { version: next })}
      </Button>
      <Modal
        open={open}
        width={1100}
        title={t('content.agreement.editTitle', { version: next })}
        okText={t('content.agreement.publish')}
        cancelText={t('common.cancel')}
        confirmLoading={publish.isPending}
        destroyOnHidden
        onOk={submit}
        onCancel={() => {
          setOpen(false);
        }}
      >
        <Flex gap={24} align="flex-start">
          <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
            <Flex gap={12} align="center" wrap>
              <Typography.Text strong>{t('content.agreement.effective')}</Typography.Text>
              <Radio.Group
                value={when}
                onChange={(e) => {
                  setWhen(e.target.value as 'now' | 'later');
                }}
                options={[
                  { value: 'now', label: t('content.agreement.now') },
                  { value: 'later', label: t('content.agreement.later') },
                ]}
              />
              {when === 'later' && (
                <DatePicker
                  showTime
                  value={at}
                  aria-label={t('content.agreement.effective')}
                  disabledDate={(day) => day.isBefore(dayjs(), 'day')}
                  onChange={setAt}
                />
              )}
            </Flex>
            <LanguageTabs locale={locale} texts={texts} onChange={setLocale} />
            <Flex justify="space-between" align="center" gap={12}>
              <Typography.Text type="secondary">{t('content.agreement.prefilled')}</Typography.Text>
              <Button
                size="small"
                disabled={texts[locale] === undefined || locale === 'en-US'}
                onClick={() => {
                  setTexts((all) =>
                    Object.fromEntries(Object.entries(all).filter(([key]) => key !== locale)),
                  );
                }}
              >
                {t('content.agreement.clear')}
              </Button>
            </Flex>
            <Input
              aria-label={t('content.agreement.title')}
              placeholder={t('content.agreement.title')}
              value={text.title}
              maxLength={120}
              showCount
              onChange={(e) => {
                edit({ title: e.target.value });
              }}
            />
            <Input.TextArea
              aria-label={t('content.agreement.body')}
              placeholder={t('content.notices.bodyHelp')}
              value={text.body}
              autoSize={{ minRows: 12, maxRows: 20 }}
              onChange={(e) => {
                edit({ body: e.target.value });
              }}
            />
            <Typography.Text type="secondary">{t('content.agreement.allowed')}</Typography.Text>
          </Flex>
          <PhonePreview
            title={text.title}
            body={text.body}
            label={t('content.agreement.preview')}
            meta={t('content.agreement.versionLine', { version: next })}
          />
        </Flex>
      </Modal>
    </>
  );
}
