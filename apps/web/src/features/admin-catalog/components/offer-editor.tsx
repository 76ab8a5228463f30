import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  DIGITAL_SOURCE_TYPES,
  GENERAL_ERROR_KEY,
  OFFER_ATTRIBUTE_KINDS,
  STYLES,
  type AdminCategory,
  type AdminOffer,
  type OfferImageSource,
  type VariantWrite,
} from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { createOffer } from '../api/create-offer';
import { updateOffer } from '../api/update-offer';
import { updateVariants } from '../api/update-variants';
import {
  editorKeyOf,
  emptyOfferForm,
  offerFormOf,
  priceKey,
  readOfferForm,
  urlNameFrom,
  type EditorErrors,
  type OfferFormValues,
} from '../editor-form';
import { Field } from './field';
import { PicturePicker } from './picture-picker';
import styles from './admin-catalog.module.css';

interface OfferEditorProps {
  /** The offer to edit; without it the editor makes a new one. */
  offer?: AdminOffer;
  categories: readonly AdminCategory[];
  onSaved: (offer: AdminOffer) => void;
}

/** Creates or edits an offer: its picture (new offers only), fields, and variants with prices. */
export function OfferEditor({ offer, categories, onSaved }: OfferEditorProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<OfferFormValues>(() =>
    offer ? offerFormOf(offer) : emptyOfferForm(),
  );
  const [source, setSource] = useState<OfferImageSource | null>(null);
  const [urlNameTouched, setUrlNameTouched] = useState(offer !== undefined);
  const [errors, setErrors] = useState<EditorErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Bumped on a refused submit: after the errors have rendered, the first marked field gets focus.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errorText = (key: string) =>
    errors[key] ? t(`admin.catalog.errors.${errors[key]}`) : serverErrors[key];
  const lang =
    i18n.resolvedLanguage === 'es' || i18n.resolvedLanguage === 'ja' ? i18n.resolvedLanguage : 'en';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSaved(false);
    setAlert(null);
    setServerErrors({});
    const picture = offer ? 'kept' : source;
    const result = readOfferForm(values, picture);
    if (!result.ok) {
      setErrors(result.errors);
      setRefused((count) => count + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const sent: VariantWrite[] = result.variants;
    try {
      // Editing is two audited changes: the fields, then the variants and their prices.
      const savedOffer =
        picture === 'kept' || picture === null
          ? (await updateOffer(offer?.id ?? 0, result.fields),
            await updateVariants(offer?.id ?? 0, sent))
          : await createOffer({ ...result.fields, source: picture, variants: sent });
      setSaved(true);
      onSaved(savedOffer);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors) {
        const mapped: Record<string, string> = {};
        for (const [key, message] of Object.entries(failure.fieldErrors)) {
          mapped[editorKeyOf(key, sent)] = message;
        }
        setServerErrors(mapped);
        setRefused((count) => count + 1);
        setAlert(mapped[GENERAL_ERROR_KEY] ?? t('admin.catalog.errors.checkFields'));
      } else {
        setAlert(apiErrorText(failure, t));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      ref={form}
      className={styles.editor}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      {alert ? (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      ) : null}
      {offer ? (
        <img
          className={styles.preview}
          src={offer.image.previews.find((p) => p.format === 'webp' && p.width <= 640)?.url}
          width={offer.image.width}
          height={offer.image.height}
          style={{ backgroundImage: `url(${offer.image.placeholder})`, backgroundSize: 'cover' }}
          alt={t('admin.catalog.picture.currentAlt', { title: offer.title })}
        />
      ) : (
        <PicturePicker
          source={source}
          onChange={setSource}
          error={errorText('source') ?? errorText('source.imageKey')}
        />
      )}
      <Field
        label={t('pictureMarks.sourceLabel')}
        hint={t('pictureMarks.sourceHint')}
        error={errorText('digitalSourceType')}
      >
        {(control) => (
          <select
            {...control}
            value={values.digitalSourceType}
            onChange={(event) =>
              set('digitalSourceType', event.target.value as OfferFormValues['digitalSourceType'])
            }
          >
            {DIGITAL_SOURCE_TYPES.map((source) => (
              <option key={source} value={source}>
                {t(`pictureMarks.sources.${source}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.catalog.fields.title')} error={errorText('title')}>
        {(control) => (
          <input
            {...control}
            value={values.title}
            onChange={(event) => {
              const title = event.target.value;
              setValues((current) => ({
                ...current,
                title,
                urlName: urlNameTouched ? current.urlName : urlNameFrom(title),
              }));
            }}
          />
        )}
      </Field>
      <Field
        label={t('admin.catalog.fields.urlName')}
        hint={t('admin.catalog.fields.urlNameHint')}
        error={errorText('urlName')}
      >
        {(control) => (
          <input
            {...control}
            value={values.urlName}
            onChange={(event) => {
              setUrlNameTouched(true);
              set('urlName', event.target.value);
            }}
          />
        )}
      </Field>
      <Field label={t('admin.catalog.fields.description')} error={errorText('description')}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('admin.catalog.fields.category')} error={errorText('categoryId')}>
        {(control) => (
          <select
            {...control}
            value={values.categoryId}
            onChange={(event) => set('categoryId', event.target.value)}
          >
            <option value="">{t('admin.catalog.fields.chooseCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.names[lang]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.catalog.fields.style')} error={errorText('style')}>
        {(control) => (
          <select
            {...control}
            value={values.style}
            onChange={(event) => set('style', event.target.value as OfferFormValues['style'])}
          >
            {STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`gallery.styles.${style}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('admin.catalog.fields.tags')}
        hint={t('admin.catalog.fields.tagsHint')}
        error={errorText('tags')}
      >
        {(control) => (
          <input
            {...control}
            value={values.tags}
            onChange={(event) => set('tags', event.target.value)}
          />
        )}
      </Field>
      <fieldset className={styles.fieldset}>
        <legend>{t('admin.catalog.variants.legend')}</legend>
        {errorText('variants') ? (
          <p role="alert" className={styles.error}>
            {errorText('variants')}
          </p>
        ) : null}
        {OFFER_ATTRIBUTE_KINDS.map((kind) => {
          const variant = values.variants[kind];
          const update = (patch: Partial<typeof variant>) =>
            set('variants', { ...values.variants, [kind]: { ...variant, ...patch } });
          return (
            <div key={kind} className={styles.fieldset}>
              <label>
                <input
                  type="checkbox"
                  checked={variant.enabled}
                  onChange={(event) => update({ enabled: event.target.checked })}
                />{' '}
                {t(`admin.catalog.variants.${kind}`)}
              </label>
              {variant.enabled ? (
                <div className={styles.prices}>
                  {CURRENCIES.map((currency) => (
                    <Field
                      key={currency}
                      label={t('admin.catalog.variants.price', {
                        variant: t(`admin.catalog.variants.${kind}`),
                        currency,
                      })}
                      error={errorText(priceKey(kind, currency))}
                    >
                      {(control) => (
                        <input
                          {...control}
                          inputMode="decimal"
                          value={variant[currency]}
                          onChange={(event) => update({ [currency]: event.target.value })}
                        />
                      )}
                    </Field>
                  ))}
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div role="status">{saved ? t('admin.catalog.saved') : null}</div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy
          ? t('admin.catalog.saving')
          : offer
            ? t('admin.catalog.save')
            : t('admin.catalog.create')}
      </button>
    </form>
  );
}
