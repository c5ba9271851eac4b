export { equipmentTypeLookups } from './equipment-type-lookups.js';
export { equipmentTypesModule } from './equipment-types.module.js';
