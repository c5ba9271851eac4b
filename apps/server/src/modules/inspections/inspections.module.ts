import { defineModule, mount } from '../../core/app-module.js';
import { InspectionReportService } from './inspection-report.service.js';
import { inspectionsRoutes } from './inspections.routes.js';
import { InspectionsService } from './inspections.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    inspections: InspectionsService;
    inspectionReports: InspectionReportService;
  }
}

export const inspectionsModule = defineModule({
  name: 'inspections',
  setup(ctx) {
    const { services } = ctx;
    const actions = services.correctiveActions;
    services.inspections = new InspectionsService(ctx.db, ctx.clock, (id) => actions.actionIdsOf(id));
    services.inspectionReports = new InspectionReportService(
      services.inspections,
      services.settings,
      ctx.fileStorage,
      services.verification,
      ctx.config.publicUrl,
    );
    return mount(inspectionsRoutes, {
      inspectionsService: services.inspections,
      inspectionReportService: services.inspectionReports,
    });
  },
});
