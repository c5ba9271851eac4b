import { DashboardHome } from '@/features/dashboard';
import { ShopHomeSection } from '@/features/shop-catalogue';

function HomeRoute() {
  return <DashboardHome shopSection={<ShopHomeSection />} />;
}

export { HomeRoute as Component };
