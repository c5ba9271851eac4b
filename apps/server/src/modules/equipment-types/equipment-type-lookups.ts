import type { Executor } from '../../db/database.js';
import { type EquipmentTypeRow, EquipmentTypesRepository } from './equipment-types.repository.js';

/** What the equipment module reads from the type catalogue, on its own executor (its transaction). */
export const equipmentTypeLookups = {
  /** Types by lower-cased name, for the import's "Equipment type" column. */
  byLowerName(db: Executor): Promise<Map<string, EquipmentTypeRow>> {
    return new EquipmentTypesRepository(db).byLowerName();
  },

  /** The types a unit may be registered with (not archived), by name, as the pickers list them. */
  usable(db: Executor) {
    return new EquipmentTypesRepository(db).options(undefined, false);
  },
};
