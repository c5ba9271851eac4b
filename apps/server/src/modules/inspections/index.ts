export { buildInspectionRecord, type StoredAnswers, type StoredUnitResult } from './inspection-results.js';
export { inspectionsModule } from './inspections.module.js';
