import { adminRegenerateQrCode } from '@shared/routes/admin-regenerate-qr-code';
import type { ShipmentView } from '@shared/schemas/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminLabelKey } from './query-keys';

export const regenerateAdminQrCode = (orderId: string) =>
  apiRequest(adminRegenerateQrCode, { params: { orderId } });

/** A fresh USPS QR code for the bought label; the cached label takes the new code. */
export const useAdminRegenerateQrCode = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateAdminQrCode(orderId),
    onSuccess: (qr) =>
      queryClient.setQueryData<ShipmentView>(adminLabelKey(orderId), (view) =>
        view
          ? {
              ...view,
              qrCodeUrl: qr.qrCodeUrl,
              labelBrokerId: qr.labelBrokerId,
              orderReference: qr.orderReference,
              isTestMode: qr.isTestMode,
            }
          : view,
      ),
  });
};
