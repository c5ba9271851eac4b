import { useParams } from 'react-router';
import { PortalOrderNotFound, PortalOrderPage } from '@/features/portal-shop';

/** /portal/orders/:orderId */
function PortalOrderRoute() {
  const { orderId } = useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <PortalOrderNotFound />;
  return <PortalOrderPage key={id} orderId={id} />;
}

export { PortalOrderRoute as Component };
