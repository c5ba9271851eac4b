export {
  getEquipmentTypeOptionsQueryOptions,
  useEquipmentTypeOptions,
} from './api/get-equipment-type-options';
export { equipmentTypeKeys } from './api/keys';
export { EquipmentTypeSelect } from './components/equipment-type-select';
export { EquipmentTypesScreen } from './components/equipment-types-screen';
export { EquipmentTypesLinksProvider } from './lib/links';
