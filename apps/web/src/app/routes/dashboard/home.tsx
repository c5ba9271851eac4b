import { DashboardHome } from '@/features/dashboard';
import { ShopHomeSection, useRefreshShopHome } from '@/features/shop-catalogue';

function HomeRoute() {
  const refreshShop = useRefreshShopHome();
  return (
    <DashboardHome
      shopSection={({ shop, today }) => <ShopHomeSection figures={shop} today={today} />}
      onRefresh={refreshShop}
    />
  );
}

export { HomeRoute as Component };
