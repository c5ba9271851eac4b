export {
  getDeliveryOutbox,
  getDeliveryStatus,
  useDeliveryOutbox,
  useDeliveryStatus,
} from './api/get-delivery-outbox';
export { confirmEmailUpdate, updateEmail, useConfirmEmailUpdate, useUpdateEmail } from './api/update-email';
export { DeliveryOutboxSection } from './components/delivery-outbox-section';
export { EmailChangeSection } from './components/email-change-section';
