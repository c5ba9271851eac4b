import { defineModule, mount } from '../../core/app-module.js';
import { equipmentRoutes } from './equipment.routes.js';
import { EquipmentService } from './equipment.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    equipment: EquipmentService;
  }
}

export const equipmentModule = defineModule({
  name: 'equipment',
  setup(ctx) {
    ctx.services.equipment = new EquipmentService(ctx.db, ctx.clock, ctx.config.publicUrl);
    return mount(equipmentRoutes, { equipmentService: ctx.services.equipment });
  },
});
