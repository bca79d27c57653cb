import { KYC_REASONS, type KycReason, type KycSide } from '@ampere/contract';
import type { KycCase, KycDecision } from '@ampere/contract/admin';
import { Alert, App, Button, Col, Descriptions, Input, Radio, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useSession } from '@/core/session';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useClaimKycCase, useDecideKycCase } from '../api/kyc';
import { ImagePane } from './ImagePane';

interface SideChoice {
  decision?: KycDecision;
  reason?: KycReason;
}

function SideDecision({
  side,
  value,
  onChange,
}: {
  side: KycSide;
  value: SideChoice;
  onChange: (v: SideChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`kyc-decide-${side}`}>
      <Radio.Group
        value={value.decision}
        onChange={(e) => {
          onChange({ decision: e.target.value as KycDecision });
        }}
        optionType="button"
        buttonStyle="solid"
        options={[
          { value: 'approve', label: t('kyc.review.approve') },
          { value: 'decline', label: t('kyc.review.decline') },
        ]}
      />
      {value.decision === 'decline' ? (
        <Select<KycReason>
          style={{ width: '100%' }}
          placeholder={t('kyc.review.reason')}
          value={value.reason}
          onChange={(reason) => {
            onChange({ ...value, reason });
          }}
          options={KYC_REASONS.map((r) => ({ value: r, label: t(`kyc.reasons.${r}`) }))}
          data-testid={`kyc-reason-${side}`}
        />
      ) : null}
    </Space>
  );
}

/**
 * One case: both sides side by side (zoom 1–4, rotate), the details to compare, the claim, and a
 * decision per side under review. A side approved in an earlier round shows as approved.
 */
export function KycReview({ item }: { item: KycCase }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const session = useSession();
  const canReview = useCan('kyc.review');
  const claim = useClaimKycCase();
  const decide = useDecideKycCase();
  const [front, setFront] = useState<SideChoice>({});
  const [back, setBack] = useState<SideChoice>({});
  const [note, setNote] = useState('');
  const mine = item.claimedBy?.id === session.staff.id;
  const open = item.status === 'pending';
  const frontOpen = open && item.front.status === 'pending';
  const backOpen = open && item.back.status === 'pending';
  const complete = (open: boolean, c: SideChoice) =>
    !open || c.decision === 'approve' || (c.decision === 'decline' && c.reason !== undefined);
  const ready = complete(frontOpen, front) && complete(backOpen, back);
  const fail = (error: unknown) => void message.error(errorText(error, t));

  const sideTag = (side: KycCase['front']) => (
    <Tag color={{ pending: 'orange', approved: 'green', declined: 'red' }[side.status]}>
      {t(`kyc.side.${side.status}`)}
      {side.reason ? ` · ${t(`kyc.reasons.${side.reason}`)}` : ''}
    </Tag>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('kyc.fields.user')}>
          {item.user.username} ({item.user.uid})
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.name')}>
          <strong data-testid="kyc-case-name">{item.name}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.docType')}>
          <span data-testid="kyc-case-doc">{t(`kyc.docTypes.${item.docType}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.idcard')}>
          <code>{item.idcard}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.round')}>{item.round}</Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.submittedAt')}>
          {formatDateTime(item.submittedAt, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.fields.status')}>
          {t(`kyc.status.${item.status}`)}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={[16, 16]}>
        {(
          [
            ['front', item.frontImage.url, item.front, frontOpen, front, setFront],
            ['back', item.backImage.url, item.back, backOpen, back, setBack],
          ] as const
        ).map(([side, url, state, sideOpen, choice, setChoice]) => (
          <Col xs={24} lg={12} key={side}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <ImagePane
                title={t(`kyc.sides.${item.docType}.${side}`)}
                url={url}
                testId={`kyc-image-${side}`}
              />
              {sideTag(state)}
              {sideOpen && mine && canReview ? (
                <SideDecision side={side} value={choice} onChange={setChoice} />
              ) : null}
            </Space>
          </Col>
        ))}
      </Row>
      {open && canReview ? (
        mine ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              rows={2}
              maxLength={500}
              placeholder={t('kyc.review.note')}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
              }}
            />
            <Button
              type="primary"
              disabled={!ready}
              loading={decide.isPending}
              data-testid="kyc-submit-decision"
              onClick={() => {
                decide.mutate(
                  {
                    id: item.id,
                    body: {
                      ...(frontOpen ? { front: front.decision, frontReason: front.reason } : {}),
                      ...(backOpen ? { back: back.decision, backReason: back.reason } : {}),
                      ...(note.trim() ? { note: note.trim() } : {}),
                    },
                  },
                  {
                    onSuccess: () => void message.success(t('kyc.review.decided')),
                    onError: fail,
                  },
                );
              }}
            >
              {t('kyc.review.submit')}
            </Button>
          </Space>
        ) : (
          <Space>
            {item.claimedBy ? (
              <Alert
                type="warning"
                showIcon
                message={t('kyc.review.claimedBy', {
                  name: item.claimedBy.username,
                  until: item.claimedUntil ? formatDateTime(item.claimedUntil, locale) : '',
                })}
              />
            ) : null}
            <Button
              type="primary"
              loading={claim.isPending}
              data-testid="kyc-claim"
              onClick={() => {
                claim.mutate(item.id, { onError: fail });
              }}
            >
              {t('kyc.review.claim')}
            </Button>
          </Space>
        )
      ) : null}
      {item.decidedBy ? (
        <Alert
          type={item.status === 'approved' ? 'success' : 'info'}
          message={t('kyc.review.decidedBy', {
            name: item.decidedBy.username,
            at: item.decidedAt ? formatDateTime(item.decidedAt, locale) : '',
          })}
          description={item.note ?? undefined}
        />
      ) : null}
    </Space>
  );
}
