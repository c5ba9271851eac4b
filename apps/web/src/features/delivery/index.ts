export { deliveryKeys } from './api/keys';
export { DeliveryOutboxSection } from './components/delivery-outbox-section';
