import { LINK_MODES, type LinkMode } from '@ampere/contract';
import { bannerChangeSchema, type AdminBanner, type BannerChange } from '@ampere/contract/admin';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useSaveBanner } from '../api/content';
import { ImageUpload } from './ImageUpload';

interface Values {
  title: string;
  mode: LinkMode | 'none';
  target?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  sortOrder: number;
  enabled: boolean;
}

/** Creates or edits a banner: image, where a tap goes (SPEC §2 modes), sale window, order. */
export function BannerForm({ banner }: { banner?: AdminBanner }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveBanner();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<{ id: string; url: string } | null>(
    banner ? { id: banner.imageId, url: banner.imageUrl } : null,
  );
  const [form] = Form.useForm<Values>();
  const submit = async (v: Values) => {
    if (!image) {
      void message.error(t('content.banners.needImage'));
      return;
    }
    const [start, end] = v.window ?? [null, null];
    const change: BannerChange = {
      imageId: image.id,
      title: v.title,
      link: v.mode === 'none' ? null : { mode: v.mode, target: (v.target ?? '').trim() },
      startsAt: start ? start.valueOf() : null,
      endsAt: end ? end.valueOf() : null,
      sortOrder: v.sortOrder,
      enabled: v.enabled,
    };
    if (!bannerChangeSchema.safeParse(change).success) {
      void message.error(t('content.banners.badLink'));
      return;
    }
    try {
      await save.mutateAsync({ id: banner?.id, change });
      void message.success(t('content.saved'));
      setOpen(false);
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };
  return (
    <>
      <Button
        type={banner ? 'link' : 'primary'}
        size={banner ? 'small' : 'middle'}
        onClick={() => {
          setOpen(true);
        }}
      >
        {banner ? t('content.edit') : t('content.banners.create')}
      </Button>
      <Modal
        open={open}
        title={banner ? t('content.banners.editTitle') : t('content.banners.create')}
        okText={t('content.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
        onOk={() => {
          form.submit();
        }}
        onCancel={() => {
          setOpen(false);
        }}
      >
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            title: banner?.title ?? '',
            mode: banner?.link?.mode ?? 'none',
            target: banner?.link?.target ?? '',
            window: [
              banner?.startsAt ? dayjs(banner.startsAt) : null,
              banner?.endsAt ? dayjs(banner.endsAt) : null,
            ],
            sortOrder: banner?.sortOrder ?? 0,
            enabled: banner?.enabled ?? true,
          }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item label={t('content.banners.image')} extra={t('content.banners.imageHelp')}>
            <ImageUpload purpose="banner" url={image?.url ?? null} onChange={setImage} size={120} />
          </Form.Item>
          <Form.Item name="title" label={t('content.banners.title')}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="mode" label={t('content.banners.mode')}>
            <Select
              options={[
                { value: 'none', label: t('content.banners.modes.none') },
                ...LINK_MODES.map((m) => ({ value: m, label: t(`content.banners.modes.${m}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="target"
            label={t('content.banners.target')}
            extra={t('content.banners.targetHelp')}
          >
            <Input placeholder="/app/pages/user/earn/index" />
          </Form.Item>
          <Form.Item name="window" label={t('content.banners.window')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('content.banners.sortOrder')}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('content.banners.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
