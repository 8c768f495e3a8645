import { adminSaveInspection } from '@shared/routes/admin-save-inspection';
import type { SaveInspectionRequest } from '@shared/schemas/receiving';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReceivingCache } from './receiving-cache';

/**
 * Saves the inspection, conditional on the version the form was loaded with: a 409 means someone else saved
 * one meanwhile. The answer is the order with the inspection and the amounts the server computed.
 */
export function useSaveInspection(orderId: string) {
  const apply = useReceivingCache();
  return useMutation({
    mutationFn: (body: SaveInspectionRequest) =>
      apiRequest(adminSaveInspection, { params: { orderId }, body }),
    onSuccess: apply,
  });
}
