export { brandedEmail } from './branded-email.js';
export { deliveryModule } from './delivery.module.js';
export { DeliveryService } from './delivery.service.js';
export { createSmtpTransport, type MailTransport, type OutgoingEmail } from './mail-transport.js';
