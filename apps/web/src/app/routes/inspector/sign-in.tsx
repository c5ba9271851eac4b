import { useNavigate, useSearchParams } from 'react-router';
import { InspectorSignIn } from '@/features/inspector-work';
import { safeInspectorNext } from './guards';

function InspectorSignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <InspectorSignIn onSuccess={() => navigate(safeInspectorNext(params.get('next')), { replace: true })} />
  );
}

export { InspectorSignInRoute as Component };
