import { useParams } from 'react-router';
import { BillNotFound, BillPage } from '@/features/shop-bills';

/** /dashboard/shop/bills/:billId: one bill (the link of a bill.cancelled notification opens it too). */
function ShopBillRoute() {
  const { billId } = useParams();
  const id = Number(billId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <BillNotFound />;
  return <BillPage key={id} billId={id} />;
}

export { ShopBillRoute as Component };
