import { defineModule, mount } from '../../core/app-module.js';
import { equipmentTypesRoutes } from './equipment-types.routes.js';
import { EquipmentTypesService } from './equipment-types.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    equipmentTypes: EquipmentTypesService;
  }
}

export const equipmentTypesModule = defineModule({
  name: 'equipment-types',
  setup(ctx) {
    // The units' due dates are the equipment module's rule (it reads the catalogue through this module).
    const { equipment } = ctx.services;
    ctx.services.equipmentTypes = new EquipmentTypesService(ctx.db, ctx.clock, (tx, typeId) =>
      equipment.recomputeNextDueForType(tx, typeId),
    );
    return mount(equipmentTypesRoutes, { equipmentTypesService: ctx.services.equipmentTypes });
  },
});
