import { defineModule, mount } from '../../core/app-module.js';
import { InvitationsService } from './invitations.service.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    users: UsersService;
    invitations: InvitationsService;
  }
}

export const usersModule = defineModule({
  name: 'users',
  setup(ctx) {
    const { config, db, clock, services } = ctx;
    services.invitations = new InvitationsService(db, clock, services.delivery, {
      publicUrl: config.publicUrl,
      productName: config.PRODUCT_NAME,
    });
    services.users = new UsersService(
      db,
      clock,
      services.invitations,
      ctx.fileStorage,
      services.notifications,
    );
    return mount(usersRoutes, { usersService: services.users, invitationsService: services.invitations });
  },
});
