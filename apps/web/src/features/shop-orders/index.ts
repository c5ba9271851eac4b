export { useOrder } from './api/get-order';
export { shopOrdersKeys } from './api/keys';
export { OrderStatusBadge, ShipmentStatusBadge } from './components/badges';
export { ClientAddresses } from './components/client-addresses';
export { NewOrderWizard } from './components/new-order-wizard';
export { OrderNotFound, OrderPage } from './components/order-page';
export { OrdersScreen } from './components/orders-screen';
