import { useParams } from 'react-router';
import { CorrectiveActionNotFound, CorrectiveActionPage } from '@/features/corrective-actions';

/** /dashboard/inspection-management/actions/:actionId: one corrective action. */
function CorrectiveActionRoute() {
  const { actionId } = useParams();
  const id = Number(actionId);
  if (!Number.isInteger(id) || id <= 0) return <CorrectiveActionNotFound />;
  return <CorrectiveActionPage key={id} actionId={id} />;
}

export { CorrectiveActionRoute as Component };
