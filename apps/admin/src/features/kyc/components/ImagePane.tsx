import { RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Card, Slider, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §9: image preview scale 1 to 4. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** One side of the ID card, zoomable 1–4 and rotatable in quarter turns, for the reviewer. */
export function ImagePane({ title, url, testId }: { title: string; url: string; testId: string }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const clamp = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(z * 2) / 2));
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      extra={
        <Space size={4}>
          <Button
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label={t('kyc.review.zoomOut')}
            disabled={zoom <= MIN_ZOOM}
            onClick={() => {
              setZoom((z) => clamp(z - 0.5));
            }}
          />
          <Slider
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.5}
            value={zoom}
            onChange={(v) => {
              setZoom(clamp(v));
            }}
            style={{ width: 80 }}
            tooltip={{ formatter: (v) => `${v ?? 1}×` }}
          />
          <Button
            size="small"
            icon={<ZoomInOutlined />}
            aria-label={t('kyc.review.zoomIn')}
            disabled={zoom >= MAX_ZOOM}
            onClick={() => {
              setZoom((z) => clamp(z + 0.5));
            }}
          />
          <Button
            size="small"
            icon={<RotateRightOutlined />}
            aria-label={t('kyc.review.rotate')}
            onClick={() => {
              setTurns((n) => (n + 1) % 4);
            }}
          />
          <Typography.Text type="secondary">{`${zoom}×`}</Typography.Text>
        </Space>
      }
    >
      <div
        style={{
          height: 320,
          overflow: 'auto',
          display: 'grid',
          placeItems: zoom === 1 ? 'center' : 'start',
          background: 'rgba(127,127,127,0.08)',
        }}
      >
        <img
          src={url}
          alt={title}
          data-zoom={zoom}
          data-turns={turns}
          style={{
            maxWidth: zoom === 1 ? '100%' : 'none',
            maxHeight: zoom === 1 ? '100%' : 'none',
            width: zoom === 1 ? undefined : `${zoom * 100}%`,
            transform: `rotate(${turns * 90}deg)`,
            transition: 'transform 0.2s',
          }}
        />
      </div>
    </Card>
  );
}
