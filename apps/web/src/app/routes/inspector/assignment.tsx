import { useParams, useSearchParams } from 'react-router';
import { InspectionScreen } from '@/features/inspector-work';
import { Component as NotFound } from '../not-found';
import { useInspectorUser } from './guards';

function InspectorAssignmentRoute() {
  const user = useInspectorUser();
  const id = Number(useParams().assignmentId);
  // ?unit=<id>: a scanned label opens the form on that unit.
  const unit = Number(useSearchParams()[0].get('unit'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return (
    <InspectionScreen
      key={id}
      assignmentId={id}
      user={user}
      unitId={Number.isInteger(unit) && unit > 0 ? unit : undefined}
    />
  );
}

export { InspectorAssignmentRoute as Component };
