import { BillsScreen } from '@/features/shop-bills';

/** /dashboard/shop/bills: tax invoices and credit notes by date range, with totals and the export. */
function ShopBillsRoute() {
  return <BillsScreen />;
}

export { ShopBillsRoute as Component };
