import { LOCALES } from '@ampere/contract';
import { noticeChangeSchema, type AdminNotice, type NoticeChange } from '@ampere/contract/admin';
import { App, Button, Checkbox, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useSaveNotice } from '../api/content';
import { ImageUpload } from './ImageUpload';
import {
  LanguageTabs,
  textsByLocale,
  useLocalizedTexts,
  type LocalizedTexts,
} from './LocalizedTexts';
import { PhonePreview } from './PhonePreview';

const textsOf = (notice: AdminNotice | undefined) => textsByLocale(notice?.texts ?? []);

/** The languages with a title, in the contract's order; a language left blank falls back. */
function toChange(texts: LocalizedTexts, flags: Omit<NoticeChange, 'texts'>): NoticeChange {
  return {
    texts: LOCALES.flatMap(({ key }) => {
      const text = texts[key];
      return text && text.title.trim() !== '' ? [{ locale: key, ...text }] : [];
    }),
    ...flags,
  };
}

/**
 * An announcement's editor: one tab per language (13), each with its title and body (rich text
 * as HTML, sanitized by the server on save), and beside it the notice as the phone shows it.
 */
export function NoticeEditor({ notice }: { notice?: AdminNotice }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveNotice();
  const [open, setOpen] = useState(false);
  const { locale, setLocale, texts, current, edit, reset } = useLocalizedTexts(() =>
    textsOf(notice),
  );
  const [flags, setFlags] = useState({
    pinned: notice?.pinned ?? false,
    popup: notice?.popup ?? false,
    published: notice?.published ?? false,
  });
  const submit = async () => {
    const change = toChange(texts, flags);
    if (!noticeChangeSchema.safeParse(change).success) {
      void message.error(t('content.notices.needTitle'));
      return;
    }
    try {
      await save.mutateAsync({ id: notice?.id, change });
      void message.success(t('content.saved'));
      setOpen(false);
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };
  return (
    <>
      <Button
        type={notice ? 'link' : 'primary'}
        size={notice ? 'small' : 'middle'}
        onClick={() => {
          reset(textsOf(notice));
          setOpen(true);
        }}
      >
        {notice ? t('content.edit') : t('content.notices.create')}
      </Button>
      <Modal
        open={open}
        width={1100}
        title={notice ? t('content.notices.editTitle') : t('content.notices.create')}
        okText={t('content.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
        onOk={() => void submit()}
        onCancel={() => {
          setOpen(false);
        }}
      >
        <Flex gap={24} align="flex-start">
          <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
            <Flex gap={16} wrap>
              {(['published', 'pinned', 'popup'] as const).map((flag) => (
                <Checkbox
                  key={flag}
                  checked={flags[flag]}
                  onChange={(e) => {
                    setFlags((f) => ({ ...f, [flag]: e.target.checked }));
                  }}
                >
                  {t(`content.notices.${flag}`)}
                </Checkbox>
              ))}
            </Flex>
            <LanguageTabs locale={locale} texts={texts} onChange={setLocale} />
            <Input
              aria-label={t('content.notices.title')}
              placeholder={t('content.notices.title')}
              value={current.title}
              maxLength={120}
              showCount
              onChange={(e) => {
                edit({ title: e.target.value });
              }}
            />
            <Input.TextArea
              aria-label={t('content.notices.body')}
              placeholder={t('content.notices.bodyHelp')}
              value={current.body}
              autoSize={{ minRows: 10, maxRows: 18 }}
              onChange={(e) => {
                edit({ body: e.target.value });
              }}
            />
            <Flex gap={8} align="center">
              <Typography.Text type="secondary">{t('content.notices.insertImage')}</Typography.Text>
              <ImageUpload
                purpose="notice"
                url={null}
                size={32}
                onChange={(image) => {
                  if (image)
                    edit({ body: `${current.body}\n<p><img src="${image.url}" alt=""></p>` });
                }}
              />
            </Flex>
            <Typography.Text type="secondary">{t('content.notices.allowed')}</Typography.Text>
          </Flex>
          <PhonePreview title={current.title} body={current.body} />
        </Flex>
      </Modal>
    </>
  );
}
