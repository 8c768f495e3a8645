import { useState } from 'react';
import { ImageIcon } from './icons';
import './product-image.css';

interface ProductImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Above-the-fold images load eagerly; catalogue cards lazily. */
  eager?: boolean;
}

/** The product photo, or a neutral placeholder when there is none or it fails to load. */
export function ProductImage({ src, alt, className = '', eager = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div className={`product-image product-image--placeholder ${className}`} role="img" aria-label={alt}>
        <ImageIcon size={40} />
        <span aria-hidden="true">No image</span>
      </div>
    );
  }
  return (
    <img
      className={`product-image ${className}`}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
