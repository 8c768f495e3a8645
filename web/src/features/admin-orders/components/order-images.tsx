import { ORDER_IMAGE_TYPES } from '@shared/constants';
import { adminOrderMessages as m } from '@shared/messages';
import { checkImageFiles } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import type { AdminOrderDetail, OrderImage } from '@shared/schemas/admin-orders';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form/field';
import { ImageIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { useDeleteOrderImage } from '../api/delete-order-image';
import { useUploadOrderImages } from '../api/upload-order-images';
import { ConfirmDialog } from './confirm-dialog';
import { DetailSection } from './detail-section';
import { Feedback } from './feedback';
import '../../../components/image-viewer.css';
import './order-images.css';

/** The confirm step's own refusal (one file is not the image it claimed) says which file; else the spec's text. */
const uploadFailure = (error: unknown): string =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 403
    ? error.message || m.uploadFailed
    : m.uploadFailed;

/** Spec 001 §2, §5 'Images': checked in the browser, uploaded with progress, shown as thumbnails, deletable. */
export function OrderImagesSection({ order }: { order: AdminOrderDetail }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadOrderImages(order.orderId);
  const remove = useDeleteOrderImage(order.orderId);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState<OrderImage | null>(null);
  const [deleting, setDeleting] = useState<OrderImage | null>(null);
  // The deleted image's button had focus: once it is gone, focus goes to the picker, not to the page's start.
  const [deletedId, setDeletedId] = useState<string | null>(null);
  useEffect(() => {
    if (!deletedId || order.images.some((image) => image.id === deletedId)) return;
    setDeletedId(null);
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) inputRef.current?.focus();
  }, [deletedId, order.images]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same files can be picked again after a refusal or an upload.
    event.target.value = '';
    if (files.length === 0) return;
    const refused = checkImageFiles(files);
    setProblem(refused);
    remove.reset();
    if (refused) return;
    upload.mutate(files, { onError: (error) => setProblem(uploadFailure(error)) });
  };

  const confirmDelete = () => {
    const image = deleting;
    setDeleting(null);
    if (!image) return;
    setProblem(null);
    remove.mutate(image.id, {
      onSuccess: () => setDeletedId(image.id),
      onError: () => setProblem(m.deleteImageFailed),
    });
  };

  const uploading = upload.isPending;

  return (
    <DetailSection
      id="order-images"
      title="Order Images"
      icon={<ImageIcon size={20} />}
      className="aod-section--wide"
    >
      <TextField
        id={inputId}
        label="Add images"
        hint="Up to 10 JPEG, PNG or WebP images, each under 7MB."
        className="aod-upload"
        ref={inputRef}
        type="file"
        multiple
        accept={ORDER_IMAGE_TYPES.join(',')}
        disabled={uploading}
        onChange={onPick}
        data-testid="image-input"
      />
      {uploading && (
        <div className="aod-progress" role="status" data-testid="upload-progress">
          <label htmlFor={`${inputId}-progress`}>Uploading images... {upload.progress ?? 0}%</label>
          <progress id={`${inputId}-progress`} max={100} value={upload.progress ?? 0} />
        </div>
      )}
      {remove.isPending && (
        <p className="aod-muted" role="status">
          Deleting image...
        </p>
      )}
      {problem && (
        <Feedback tone="error" testId="images-feedback">
          {problem}
        </Feedback>
      )}

      {order.images.length > 0 ? (
        <ul className="aod-images" data-testid="order-images">
          {order.images.map((image) => (
            <li key={image.id} className="aod-image">
              <button type="button" className="aod-image__open" onClick={() => setViewing(image)}>
                <img src={image.url} alt={image.filename} loading="lazy" decoding="async" />
                <span className="visually-hidden"> (open full size)</span>
              </button>
              <div className="aod-image__meta">
                <time dateTime={image.uploaded_at}>{formatDateTime(image.uploaded_at)}</time>
                <button
                  type="button"
                  className="link-button aod-image__delete"
                  onClick={() => setDeleting(image)}
                  disabled={remove.isPending}
                >
                  Delete<span className="visually-hidden"> image {image.filename}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="aod-muted">No images have been added to this order yet.</p>
      )}

      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.filename ?? ''}
        size="fullscreen"
        tone="dark"
        className="image-viewer"
      >
        {viewing && (
          <figure className="image-viewer__figure">
            <img className="image-viewer__image" src={viewing.url} alt={viewing.filename} />
            <figcaption className="image-viewer__caption">
              <a href={viewing.url} target="_blank" rel="noopener noreferrer" className="aod-on-dark">
                Open original<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </figcaption>
          </figure>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete image?"
        message={m.confirmDeleteImage}
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        returnFocusRef={inputRef}
      />
    </DetailSection>
  );
}
