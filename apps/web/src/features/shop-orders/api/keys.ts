/** Query keys of the shop's orders part (addresses, carts, orders), so a change refreshes what it touches. */
export const shopOrdersKeys = {
  all: ['shop-orders'] as const,
  addresses: (clientId: number) => ['shop-orders', 'addresses', clientId] as const,
  cart: (clientId: number) => ['shop-orders', 'cart', clientId] as const,
  orders: ['shop-orders', 'orders'] as const,
  orderList: (params: object) => ['shop-orders', 'orders', 'list', params] as const,
  order: (id: number) => ['shop-orders', 'orders', 'detail', id] as const,
};
