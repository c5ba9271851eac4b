import type { OrganisationSettingsResponse } from '@inspecta/contract';
import type { FileStorage } from '../../core/files/file-storage.js';
import { loadReportImages, renderInspectionReport, reportFileName } from './inspection-report.js';
import type { InspectionsService } from './inspections.service.js';

/** Only the organisation read the report needs, so this module does not depend on all of settings. */
export interface OrganisationSettingsReader {
  organisation(): Promise<OrganisationSettingsResponse>;
}

/** A rendered report: the PDF as a stream (already ended) and the name to download it under. */
export interface InspectionReport {
  pdf: Awaited<ReturnType<typeof renderInspectionReport>>;
  fileName: string;
}

/** The PDF report of a completed inspection, gathered from the inspection, the organisation and the stored images. */
export class InspectionReportService {
  constructor(
    private readonly inspections: InspectionsService,
    private readonly settings: OrganisationSettingsReader,
    private readonly fileStorage: FileStorage,
  ) {}

  /** Throws not found when the inspection does not exist or is not completed. */
  async report(inspectionId: number): Promise<InspectionReport> {
    const { detail, siteAddress, generatedAt } = await this.inspections.reportData(inspectionId);
    const { organisation } = await this.settings.organisation();
    const images = await loadReportImages(this.fileStorage, detail, organisation.logoUrl);
    const pdf = await renderInspectionReport({ detail, siteAddress, organisation, images, generatedAt });
    return { pdf, fileName: reportFileName(detail) };
  }
}
