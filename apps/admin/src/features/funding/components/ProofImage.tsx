import type { SignedImage } from '@ampere/contract';
import { Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC §9: image preview scale 1 to 4 (as KYC's review). */
const PREVIEW = { minScale: 1, maxScale: 4, scaleStep: 0.5 } as const;

/**
 * A bank recharge's transfer receipt, as the user attached it: a thumbnail (in the queue) or a
 * larger image (on the record) that opens whole with zoom 1–4× and rotation. The address is
 * signed and short-lived, handed out by the funding.read route only.
 */
export function ProofImage({
  proof,
  size = 'thumb',
}: {
  proof: SignedImage | null;
  size?: 'thumb' | 'large';
}) {
  const { t } = useTranslation();
  if (proof === null)
    return <Typography.Text type="secondary">{t('fundingDesk.recharges.noProof')}</Typography.Text>;
  const alt = t('fundingDesk.recharges.proof');
  return size === 'thumb' ? (
    <Image
      src={proof.url}
      alt={alt}
      width={40}
      height={40}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      preview={PREVIEW}
      data-testid="recharge-proof-thumb"
    />
  ) : (
    <Image
      src={proof.url}
      alt={alt}
      width="100%"
      style={{ maxHeight: 360, objectFit: 'contain' }}
      preview={PREVIEW}
      data-testid="recharge-proof-image"
    />
  );
}
