import { PATHS } from '@/config/paths';

/** The product detail page of `symbol`; the symbol's "/" travels encoded in the `id` query. */
export function productDetailHref(symbol: string): string {
  return `${PATHS.productDetail}?id=${encodeURIComponent(symbol)}`;
}

/** The product list dialog, told which product is on screen so it can mark it. */
export function productListHref(current?: string): string {
  return current === undefined
    ? PATHS.productListDialog
    : `${PATHS.productListDialog}?id=${encodeURIComponent(current)}`;
}
