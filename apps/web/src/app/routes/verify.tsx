import { useParams } from 'react-router';
import { VerifyScreen } from '@/features/verification';

/** /verify/:sealId (the PDF's QR code) and /verify: a bare public page, no session needed. */
function VerifyRoute() {
  const { sealId } = useParams();
  return <VerifyScreen sealId={sealId ?? null} />;
}

export { VerifyRoute as Component };
