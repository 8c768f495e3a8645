import { regenerateQrCode as regenerateQrCodeRoute } from '@shared/routes/regenerate-qr-code';
import type { QrCode, ShipmentView } from '@shared/schemas/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { labelQueryKey } from '../../../lib/orders/get-label';

export const regenerateQrCode = ({ orderId, token }: { orderId: string; token: string }): Promise<QrCode> =>
  apiRequest(regenerateQrCodeRoute, { params: { orderId }, body: { token } });

/**
 * A fresh USPS QR code when the image will not load. Never retried here: the page counts its own attempts.
 * A label already read keeps the new code, so the confirmation page links to it.
 */
export const useRegenerateQrCode = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => regenerateQrCode({ orderId, token }),
    onSuccess: (qr) =>
      queryClient.setQueryData<ShipmentView>(labelQueryKey(orderId), (view) =>
        view ? { ...view, qrCodeUrl: qr.qrCodeUrl, labelBrokerId: qr.labelBrokerId } : view,
      ),
  });
};
