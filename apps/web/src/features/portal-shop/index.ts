export { PortalBillsScreen } from './components/bills';
export { PortalOrderNotFound, PortalOrderPage } from './components/order-page';
export { PortalOrdersScreen } from './components/orders';
export { PortalShopScreen } from './components/shop-screen';
