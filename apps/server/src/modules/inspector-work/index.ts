export { inspectorWorkModule } from './inspector-work.module.js';
