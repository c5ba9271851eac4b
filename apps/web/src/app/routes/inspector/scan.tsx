import { InspectorScanScreen } from '@/features/inspector-work';

/** /inspector/scan: read a unit's QR label with the camera, or type its code (docs/equipment.md). */
function InspectorScanRoute() {
  return <InspectorScanScreen />;
}

export { InspectorScanRoute as Component };
