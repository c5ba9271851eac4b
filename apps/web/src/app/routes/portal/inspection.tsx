import { useParams } from 'react-router';
import { PortalInspectionScreen } from '@/features/portal';
import { Component as NotFound } from '../not-found';

function PortalInspectionRoute() {
  const id = Number(useParams().inspectionId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <PortalInspectionScreen key={id} inspectionId={id} />;
}

export { PortalInspectionRoute as Component };
