import { PORTAL_QUERY_KEY } from '@/lib/session';

/** Query keys of the portal's shop, under the portal's own root. */
export const portalShopKeys = {
  products: (params: object) => [PORTAL_QUERY_KEY, 'shop', 'products', params] as const,
  addresses: [PORTAL_QUERY_KEY, 'shop', 'addresses'] as const,
  cart: [PORTAL_QUERY_KEY, 'shop', 'cart'] as const,
  orders: [PORTAL_QUERY_KEY, 'orders'] as const,
  orderList: (params: object) => [PORTAL_QUERY_KEY, 'orders', 'list', params] as const,
  order: (id: number) => [PORTAL_QUERY_KEY, 'orders', 'detail', id] as const,
  bills: (params: object) => [PORTAL_QUERY_KEY, 'bills', params] as const,
};
