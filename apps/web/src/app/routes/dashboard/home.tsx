import { DashboardHome } from '@/features/dashboard';

function HomeRoute() {
  return <DashboardHome />;
}

export { HomeRoute as Component };
