import { defineModule, mount } from '../../core/app-module.js';
import { filesRoutes } from './files.routes.js';

export const filesModule = defineModule({
  name: 'files',
  setup: (ctx) => mount(filesRoutes, { storage: ctx.fileStorage }),
});
