/** Query keys of the shop's bills (tax invoices and credit notes), so a change refreshes what it touches. */
export const shopBillsKeys = {
  all: ['shop-bills'] as const,
  lists: ['shop-bills', 'list'] as const,
  list: (params: object) => ['shop-bills', 'list', params] as const,
  bill: (id: number) => ['shop-bills', 'detail', id] as const,
};
