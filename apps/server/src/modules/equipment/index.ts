export { equipmentModule } from './equipment.module.js';
export { recomputeNextDue, recomputeNextDueForType } from './next-due-dates.js';
