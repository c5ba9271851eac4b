import { useParams } from 'react-router';
import { useInspectionItemActions } from '@/features/corrective-actions';
import { InspectionDetailView, InspectionNotFound } from '@/features/inspections';

/**
 * /dashboard/inspection-management/inspections/:inspectionId: one completed inspection, each answer
 * with its corrective action or a way to create one (the corrective actions feature).
 */
function InspectionDetailRoute() {
  const { inspectionId } = useParams();
  const id = Number(inspectionId);
  const { renderItemAction, modal } = useInspectionItemActions();
  if (!Number.isInteger(id) || id <= 0) return <InspectionNotFound />;
  return (
    <>
      <InspectionDetailView key={id} inspectionId={id} renderItemAction={renderItemAction} />
      {modal}
    </>
  );
}

export { InspectionDetailRoute as Component };
