import type { OrganisationSettingsResponse } from '@inspecta/contract';
import QRCode from 'qrcode';
import type { FileStorage } from '../../core/files/file-storage.js';
import { withFields } from '../../core/with-fields.js';
import {
  loadReportImages,
  type ReportSeal,
  renderInspectionReport,
  reportFileName,
} from './inspection-report.js';
import type { InspectionsService } from './inspections.service.js';

/** Only the organisation read the report needs, so this module does not depend on all of settings. */
export interface OrganisationSettingsReader {
  organisation(): Promise<OrganisationSettingsResponse>;
}

/** Only the seal lookup the report needs (the verification module). */
export interface SealReader {
  sealOf(inspectionId: number): Promise<{ id: string; hash: string; sealedAt: Date } | null>;
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
    private readonly seals: SealReader,
    /** The app's public address (PUBLIC_URL), where the QR code's verify page lives. */
    private readonly publicUrl: string,
  ) {}

  private async reportSeal(inspectionId: number): Promise<ReportSeal | null> {
    const seal = await this.seals.sealOf(inspectionId);
    if (!seal) return null;
    const verifyUrl = `${this.publicUrl.replace(/\/+$/, '')}/verify/${seal.id}`;
    const qrPng = await QRCode.toBuffer(verifyUrl, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 256,
    });
    return withFields(seal, { verifyUrl, qrPng });
  }

  /** Throws not found when the inspection does not exist or is not completed. */
  async report(inspectionId: number): Promise<InspectionReport> {
    const { detail, siteAddress, generatedAt } = await this.inspections.reportData(inspectionId);
    const { organisation } = await this.settings.organisation();
    const images = await loadReportImages(this.fileStorage, detail, organisation.logoUrl);
    const seal = await this.reportSeal(inspectionId);
    const pdf = await renderInspectionReport({
      detail,
      siteAddress,
      organisation,
      images,
      generatedAt,
      seal,
    });
    return { pdf, fileName: reportFileName(detail) };
  }
}
