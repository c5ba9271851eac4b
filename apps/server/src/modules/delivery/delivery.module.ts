import { defineModule, mount } from '../../core/app-module.js';
import { deliveryRoutes } from './delivery.routes.js';
import { DeliveryService } from './delivery.service.js';
import { createSmtpTransport, type MailTransport } from './mail-transport.js';
import type { SmsProvider } from './sms-provider.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    delivery: DeliveryService;
  }
  interface ModuleOptions {
    /** How email leaves (tests pass a fake); by default SMTP when SMTP_URL is set, otherwise none. */
    mailTransport?: MailTransport | null;
    /** How SMS leave; by default none, so they stay in the delivery outbox. */
    smsProvider?: SmsProvider | null;
  }
}

export const deliveryModule = defineModule({
  name: 'delivery',
  setup(ctx) {
    const { config, options } = ctx;
    const transport =
      options.mailTransport !== undefined
        ? options.mailTransport
        : config.SMTP_URL
          ? createSmtpTransport(config.SMTP_URL)
          : null;
    const delivery = new DeliveryService(ctx.db, ctx.clock, {
      from: config.MAIL_FROM,
      transport,
      smsProvider: options.smsProvider ?? null,
      log: ctx.log,
    });
    ctx.onClose(async () => delivery.close());
    ctx.services.delivery = delivery;
    return mount(deliveryRoutes, { deliveryService: delivery });
  },
});
