import { useParams } from 'react-router';
import { InspectionDetailView, InspectionNotFound } from '@/features/inspections';

/** /dashboard/inspection-management/inspections/:inspectionId: one completed inspection. */
function InspectionDetailRoute() {
  const { inspectionId } = useParams();
  const id = Number(inspectionId);
  if (!Number.isInteger(id) || id <= 0) return <InspectionNotFound />;
  return <InspectionDetailView key={id} inspectionId={id} />;
}

export { InspectionDetailRoute as Component };
