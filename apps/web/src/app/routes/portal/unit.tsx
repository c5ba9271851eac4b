import { useParams } from 'react-router';
import { PortalUnitLabelScreen } from '@/features/portal';
import { Component as NotFound } from './not-found';

/** /portal/units/:unitId: a scanned asset label, on to the unit's site (docs/equipment.md). */
function PortalUnitRoute() {
  const id = Number(useParams().unitId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <PortalUnitLabelScreen key={id} unitId={id} />;
}

export { PortalUnitRoute as Component };
