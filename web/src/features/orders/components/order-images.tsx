import type { OrderTracking } from '@shared/schemas/order';
import { type KeyboardEvent, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/icons';
import '../../../components/image-viewer.css';

type OrderImage = OrderTracking['images'][number];

/** Photos staff took of the shipment: a grid of thumbnails, each opening a full-screen viewer. */
export function OrderImages({ images }: { images: OrderImage[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  if (images.length === 0) return <p className="order-empty">No images have been added to this order yet.</p>;

  return (
    <>
      <ul className="order-images">
        {images.map((image, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; entries may repeat.
          <li key={`${image.url}-${index}`}>
            <button type="button" className="order-images__button" onClick={() => setOpenIndex(index)}>
              <img src={image.url} alt={image.filename} loading="lazy" decoding="async" />
              <span className="visually-hidden"> (open full-screen view)</span>
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer
        images={images}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}

interface ImageViewerProps {
  images: OrderImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

function ImageViewer({ images, index, onIndexChange, onClose }: ImageViewerProps) {
  const count = images.length;
  const current = index === null ? null : images[index];
  const go = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  }

  return (
    <Dialog
      open={current !== null}
      onClose={onClose}
      title={index === null ? '' : `Image ${index + 1} of ${count}`}
      size="fullscreen"
      tone="dark"
      className="image-viewer"
      onKeyDown={handleKeyDown}
    >
      {current && (
        <figure className="image-viewer__figure">
          <img className="image-viewer__image" src={current.url} alt={current.filename} />
          <figcaption className="image-viewer__caption">{current.filename}</figcaption>
        </figure>
      )}
      {count > 1 && (
        <div className="image-viewer__nav">
          <button type="button" className="btn image-viewer__nav-button" onClick={() => go(-1)}>
            <ArrowLeftIcon size={20} />
            Previous
            <span className="visually-hidden"> image</span>
          </button>
          <button type="button" className="btn image-viewer__nav-button" onClick={() => go(1)}>
            Next
            <span className="visually-hidden"> image</span>
            <ArrowRightIcon size={20} />
          </button>
        </div>
      )}
    </Dialog>
  );
}
