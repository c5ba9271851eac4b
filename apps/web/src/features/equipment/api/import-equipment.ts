import type { ImportPreviewResponse, ImportResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { equipmentKeys } from './keys';

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /api/auth/equipments/import/preview?site_id= (multipart `file`; writes nothing). */
export function previewEquipmentImport({ siteId, file }: { siteId: number; file: File }) {
  return api.postForm<ImportPreviewResponse>('/auth/equipments/import/preview', formWith(file), {
    query: { site_id: siteId },
  });
}

/** POST /api/auth/equipments/import?site_id= (the same file; imports the valid rows in one go). */
export function importEquipment({ siteId, file }: { siteId: number; file: File }) {
  return api.postForm<ImportResponse>('/auth/equipments/import', formWith(file), {
    query: { site_id: siteId },
  });
}

/** GET /api/auth/equipments/import/template.xlsx, saved as a download. */
export function downloadImportTemplate() {
  return downloadFile('/auth/equipments/import/template.xlsx', {
    fallbackName: 'equipment-import-template.xlsx',
  });
}

export function usePreviewEquipmentImport() {
  return useMutation({ mutationFn: previewEquipmentImport });
}

export function useImportEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEquipment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
        queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
      ]);
    },
  });
}
