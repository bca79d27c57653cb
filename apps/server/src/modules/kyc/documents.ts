import {
  KYC_DOC_TYPES,
  normalizeDocNumber,
  type ErrorName,
  type KycDocType,
} from '@ampere/contract';
import type { KycSettings, KycSettingsChange } from '@ampere/contract/admin';
import { AppError } from '../../errors.js';
import type { AuditActor } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';

/** The refusal of a number that breaks its document type's rule. */
const INVALID: Record<KycDocType, ErrorName> = {
  prc_id: 'KYC_IDCARD_INVALID',
  passport: 'KYC_PASSPORT_INVALID',
  hk_macau_permit: 'KYC_HK_MACAU_PERMIT_INVALID',
  taiwan_permit: 'KYC_TAIWAN_PERMIT_INVALID',
};

/** The number normalized for its type; the type's own error otherwise. */
export function docNumber(type: KycDocType, raw: string, today: Date): string {
  const number = normalizeDocNumber(type, raw, today);
  if (number === null) throw new AppError(INVALID[type]);
  return number;
}

/**
 * The label of the number's keyed hash: per type, so the unique hash is over (type, number).
 * `prc_id` keeps the label it had before there were other types, so its hashes stay valid.
 */
export const numberMacLabel = (type: KycDocType) =>
  type === 'prc_id' ? 'kyc-idcard' : `kyc-idcard:${type}`;

/** In the contract's order (prc_id first), without repeats. */
const inOrder = (types: readonly KycDocType[]) => KYC_DOC_TYPES.filter((t) => types.includes(t));

/** The documents on offer (the `kycDocTypes` setting) and compliance's change of them. */
export function createKycDocuments(settings: Pick<SettingsService, 'get' | 'change'>) {
  const offered = async (): Promise<KycDocType[]> => inOrder((await settings.get()).kycDocTypes);
  return {
    offered,

    /** Refuses a type that is not on offer (8019). */
    async requireOffered(type: KycDocType): Promise<void> {
      if (!(await offered()).includes(type)) throw new AppError('KYC_DOC_TYPE_DISABLED');
    },

    settings: async (): Promise<KycSettings> => ({ docTypes: await offered() }),

    /** POST kyc/settings: the list, whole; at least one (7205). One audit row. */
    async change(who: AuditActor, req: KycSettingsChange): Promise<KycSettings> {
      const docTypes = inOrder(req.docTypes);
      if (docTypes.length === 0) throw new AppError('KYC_DOC_TYPES_EMPTY');
      const { after } = await settings.change(
        who,
        { action: 'kyc.doc_types_changed', subject: 'setting:kycDocTypes' },
        { kycDocTypes: docTypes },
      );
      return { docTypes: inOrder(after.kycDocTypes) };
    },
  };
}

export type KycDocuments = ReturnType<typeof createKycDocuments>;
