import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '../login-page';

/** `/` inside the app (after a sign-out, say); a first visit without a session shows it without the router. */
function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => navigate(paths.home, { replace: true })} />;
}

export { LoginRoute as Component };
