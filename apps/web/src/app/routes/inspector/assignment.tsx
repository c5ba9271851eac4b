import { useParams } from 'react-router';
import { InspectionScreen } from '@/features/inspector-work';
import { Component as NotFound } from '../not-found';
import { useInspectorUser } from './guards';

function InspectorAssignmentRoute() {
  const user = useInspectorUser();
  const id = Number(useParams().assignmentId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <InspectionScreen key={id} assignmentId={id} user={user} />;
}

export { InspectorAssignmentRoute as Component };
