import { zodResolver } from '@hookform/resolvers/zod';
import { adminProductMessages as m } from '@shared/messages';
import { PRODUCT_TYPES, type Product } from '@shared/schemas/product';
import { type ProductInput, ZProductInput } from '@shared/schemas/product-input';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Dialog } from '../../../components/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveProduct } from '../api/save-product';
import { uploadFailureMessage, useUploadProductImage } from '../api/upload-product-image';

/** Spec 001 §5: the brand input suggests these and allows any other text. */
export const BRAND_SUGGESTIONS = ['Accu-Chek', 'OneTouch', 'Freestyle', 'Dexcom', 'Contour', 'True Metrix'];
const EXPIRATION_MONTHS = Array.from({ length: 10 }, (_, i) => i + 3);

type FormInput = z.input<typeof ZProductInput>;
// Number inputs give text: empty is "not given" (undefined for the required price, null for the optional ones).
const toNumber = (empty: undefined | null) => (value: unknown) =>
  value === '' || value === null || value === undefined ? empty : Number(value);

function formValues(product: Product | null): FormInput {
  if (!product)
    return {
      name: '',
      brand: '',
      buybackPrice: undefined as unknown as number,
      productType: '' as ProductInput['productType'],
      expirationMonths: null,
      boxCount: null,
      description: '',
      imageUrl: null,
      inStock: true,
    };
  return {
    name: product.name,
    brand: product.brand,
    buybackPrice: product.buybackPrice,
    // Stored types from older writes may differ in case ('test strips'); anything else must be chosen again.
    productType:
      PRODUCT_TYPES.find((type) => type.toLowerCase() === product.productType.toLowerCase()) ??
      ('' as ProductInput['productType']),
    expirationMonths: product.expirationMonths,
    boxCount: product.boxCount,
    description: product.description,
    imageUrl: product.imageUrl,
    inStock: product.inStock,
  };
}

interface ProductFormDialogProps {
  open: boolean;
  /** null adds a product. */
  product: Product | null;
  onClose: () => void;
  onSaved: (product: Product, created: boolean) => void;
}

/** Add Product / Edit Product (spec 001 §5): the shared schema validates here and again on the server. */
export function ProductFormDialog({ open, product, onClose, onSaved }: ProductFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={product ? 'Edit Product' : 'Add Product'}
      size="lg"
      className="admin-products-dialog"
    >
      {/* Keyed so each opening starts from the product's stored values. */}
      <ProductForm key={product?.id ?? 'new'} product={product} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function ProductForm({
  product,
  onCancel,
  onSaved,
}: {
  product: Product | null;
  onCancel: () => void;
  onSaved: (product: Product, created: boolean) => void;
}) {
  const save = useSaveProduct();
  const upload = useUploadProductImage();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, ProductInput>({
    resolver: zodResolver(ZProductInput),
    defaultValues: formValues(product),
  });
  const productType = watch('productType');
  const imageUrl = watch('imageUrl');
  const isOther = productType === 'Other';

  const onSubmit = (values: ProductInput) => {
    setSaveError(null);
    const input = {
      ...values,
      expirationMonths: values.productType === 'Other' ? values.expirationMonths : null,
    };
    save.mutate(
      { id: product?.id ?? null, input },
      {
        onSuccess: (saved) => onSaved(saved, !product),
        onError: (error) => {
          // A 400 names the fields the server refused: each message goes beside its field.
          applyServerErrors({ setError, getValues }, error);
          setSaveError(m.saveFailed);
        },
      },
    );
  };

  const onPickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: (url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true }),
      onError: (error) => setUploadError(uploadFailureMessage(error)),
    });
  };

  const f = (name: string) => `${id}-${name}`;
  const imageError = uploadError ?? errors.imageUrl?.message;

  return (
    <form className="admin-products-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className="admin-products-form__grid">
        <TextField
          label="Product Name"
          error={errors.name?.message}
          autoComplete="off"
          {...register('name')}
        />
        <TextField
          id={f('brand')}
          label="Brand"
          list={f('brands')}
          autoComplete="off"
          error={errors.brand?.message}
          {...register('brand')}
        />
        <datalist id={f('brands')}>
          {BRAND_SUGGESTIONS.map((brand) => (
            <option key={brand} value={brand} />
          ))}
        </datalist>
        <TextField
          label="Buyback Price ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.buybackPrice?.message}
          {...register('buybackPrice', { setValueAs: toNumber(undefined) })}
        />
        <SelectField
          options={PRODUCT_TYPES}
          id={f('type')}
          label="Product Type"
          error={errors.productType?.message}
          {...register('productType')}
        >
          <option value="">Select a type</option>
        </SelectField>
        {isOther && (
          <SelectField
            id={f('expiration')}
            label="Expiration Months"
            aria-required="true"
            error={errors.expirationMonths?.message}
            {...register('expirationMonths', { setValueAs: toNumber(null) })}
          >
            <option value="">Select months</option>
            {EXPIRATION_MONTHS.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Box Count (optional)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.boxCount?.message}
          {...register('boxCount', { setValueAs: toNumber(null) })}
        />
      </div>
      <TextAreaField
        id={f('description')}
        label="Description (optional)"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <CheckboxField
        id={f('stock')}
        className="admin-products-form__check"
        label="In Stock"
        error={errors.inStock?.message}
        {...register('inStock')}
      />

      <fieldset className="admin-products-image">
        <legend>Product Image</legend>
        {imageUrl ? (
          <img className="admin-products-image__preview" src={imageUrl} alt="Uploaded product preview" />
        ) : (
          <p className="admin-products-image__none">No image</p>
        )}
        <div className="admin-products-image__actions">
          <input
            ref={fileRef}
            id={f('image')}
            className="visually-hidden"
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Product image file"
            onChange={onPickImage}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={upload.isPending}
            aria-describedby={imageError ? `${f('image')}-error` : undefined}
            onClick={() => fileRef.current?.click()}
          >
            {upload.isPending ? 'Uploading...' : imageUrl ? 'Replace Image' : 'Upload Image'}
          </button>
          {imageUrl && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setValue('imageUrl', null, { shouldDirty: true });
                setUploadError(null);
              }}
            >
              Remove Image
            </button>
          )}
        </div>
        {imageError && (
          <p id={`${f('image')}-error`} className="field__error" role="alert">
            {imageError}
          </p>
        )}
      </fieldset>

      {saveError && (
        <p className="admin-products-form__error" role="alert">
          {saveError}
        </p>
      )}
      <div className="button-row admin-products-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending || upload.isPending}>
          {save.isPending ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
