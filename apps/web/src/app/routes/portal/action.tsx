import { useParams } from 'react-router';
import { PortalActionNotFound, PortalActionPage } from '@/features/portal-requests';

/** /portal/actions/:actionId: one corrective action at one of the client's sites. */
function PortalActionRoute() {
  const { actionId } = useParams();
  const id = Number(actionId);
  if (!Number.isInteger(id) || id <= 0) return <PortalActionNotFound />;
  return <PortalActionPage key={id} actionId={id} />;
}

export { PortalActionRoute as Component };
