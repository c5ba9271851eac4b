/** Query keys of the shop catalogue (categories, products, stock), so a change refreshes what it touches. */
export const shopCatalogueKeys = {
  all: ['shop-catalogue'] as const,
  categories: ['shop-catalogue', 'categories'] as const,
  categoryTree: (params: object) => ['shop-catalogue', 'categories', 'tree', params] as const,
  products: ['shop-catalogue', 'products'] as const,
  productList: (params: object) => ['shop-catalogue', 'products', 'list', params] as const,
  product: (id: number) => ['shop-catalogue', 'products', 'detail', id] as const,
  logHistory: (id: number, params: object) =>
    ['shop-catalogue', 'products', 'log-history', id, params] as const,
  inventorySummary: ['shop-catalogue', 'inventory', 'summary'] as const,
};
