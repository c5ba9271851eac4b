import { useParams } from 'react-router';
import { InspectorUnitLabelScreen } from '@/features/inspector-work';
import { Component as NotFound } from '../not-found';

/** /inspector/units/:unitId: a scanned asset label, on to the unit's checklist (docs/equipment.md). */
function InspectorUnitRoute() {
  const id = Number(useParams().unitId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <InspectorUnitLabelScreen key={id} unitId={id} />;
}

export { InspectorUnitRoute as Component };
