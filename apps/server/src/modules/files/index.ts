export { filesModule } from './files.module.js';
