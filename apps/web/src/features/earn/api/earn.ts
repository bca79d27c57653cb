import {
  earnOrderDetailSchema,
  earnOrderListSchema,
  earnOrderSchema,
  earnProductListSchema,
  earnProductSchema,
  earnRedeemPreviewSchema,
  earnSummarySchema,
  isUsedMpwdSchema,
} from '@ampere/contract';
import type {
  EarnOrder,
  EarnOrderDetail,
  EarnProduct,
  EarnRedeemPreview,
  EarnSummary,
} from '@ampere/contract';
import type { Api } from '@ampere/client';

/** The Earn calls (packages/contract/src/earn.ts, docs/earn.md). Amounts stay decimal strings. */

export type EarnTab = 'hosting' | 'settled' | 'redeemed';

export const earnKeys = {
  all: ['earn'] as const,
  summary: () => [...earnKeys.all, 'summary'] as const,
  products: () => [...earnKeys.all, 'products'] as const,
  product: (id: string) => [...earnKeys.all, 'product', id] as const,
  orders: (tab: EarnTab) => [...earnKeys.all, 'orders', tab] as const,
  order: (id: string) => [...earnKeys.all, 'order', id] as const,
  preview: (id: string) => [...earnKeys.all, 'preview', id] as const,
  fundPassword: () => [...earnKeys.all, 'fundPassword'] as const,
};

export async function fetchSummary(api: Api, signal?: AbortSignal): Promise<EarnSummary> {
  return earnSummarySchema.parse(await api.get('user/earnSummary', { signal }));
}

export async function fetchProducts(api: Api, signal?: AbortSignal): Promise<EarnProduct[]> {
  return earnProductListSchema.parse(await api.get('user/earnProducts', { signal })).items;
}

export async function fetchProduct(
  api: Api,
  id: string,
  signal?: AbortSignal,
): Promise<EarnProduct> {
  return earnProductSchema.parse(await api.get('user/earnProduct', { query: { id }, signal }));
}

export interface OrderPage {
  items: EarnOrder[];
  nextCursor: string | null;
}

export async function fetchOrders(
  api: Api,
  tab: EarnTab,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<OrderPage> {
  const data = await api.get('user/earnOrders', { query: { status: tab, cursor }, signal });
  return earnOrderListSchema.parse(data);
}

export async function fetchOrder(
  api: Api,
  id: string,
  signal?: AbortSignal,
): Promise<EarnOrderDetail> {
  return earnOrderDetailSchema.parse(await api.get('user/earnOrder', { query: { id }, signal }));
}

export async function fetchPreview(
  api: Api,
  id: string,
  signal?: AbortSignal,
): Promise<EarnRedeemPreview> {
  return earnRedeemPreviewSchema.parse(
    await api.get('user/earnRedeemPreview', { query: { id }, signal }),
  );
}

export async function fetchFundPasswordSet(api: Api, signal?: AbortSignal): Promise<boolean> {
  return isUsedMpwdSchema.parse(await api.get('user/isUsedMpwd', { signal })).used;
}

/** One subscription, sent with one idempotency key (a retry reuses it). */
export async function subscribe(
  api: Api,
  body: { productId: string; amount: string; password?: string },
  idempotencyKey: string,
): Promise<EarnOrder> {
  const data = await api.post('user/earnBuy', { body, idempotencyKey });
  return earnOrderSchema.parse(data);
}

/** Redeems early with exactly the preview's figures; the server refuses if they changed. */
export async function redeem(
  api: Api,
  preview: EarnRedeemPreview,
  password: string | undefined,
  idempotencyKey: string,
): Promise<EarnOrder> {
  const body = {
    id: preview.id,
    principal: preview.principal,
    interestPaid: preview.interestPaid,
    liquidatedDamages: preview.liquidatedDamages,
    refundAmount: preview.refundAmount,
    ...(password ? { password } : {}),
  };
  return earnOrderSchema.parse(await api.post('user/earnRedeem', { body, idempotencyKey }));
}
