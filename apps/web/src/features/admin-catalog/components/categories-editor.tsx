import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CategoryWriteSchema, type AdminCategory } from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { createCategory } from '../api/create-category';
import { deleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-admin-categories';
import { ADMIN_CATALOG_QUERY_KEY } from '../api/get-admin-offers';
import { updateCategory } from '../api/update-category';
import { Field } from './field';
import styles from './admin-catalog.module.css';

const LANGUAGES = ['en', 'es', 'ja'] as const;

interface CategoryFormProps {
  category: AdminCategory | null;
  onDone: (message: string) => void;
}

/** One category's url name, names in en, es and ja, and position; saved with the contract's schema. */
function CategoryForm({ category, onDone }: CategoryFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    urlName: category?.urlName ?? '',
    en: category?.names.en ?? '',
    es: category?.names.es ?? '',
    ja: category?.names.ja ?? '',
    position: String(category?.position ?? 0),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const prefix = `category-${category?.id ?? 'new'}`;
  const form = useRef<HTMLFormElement>(null);
  // After a refused submit has rendered its errors, the first marked field gets focus.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CategoryWriteSchema.safeParse({
      urlName: values.urlName,
      names: { en: values.en, es: values.es, ja: values.ja },
      position: Number(values.position),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        found[issue.path.join('.')] ??= t(
          issue.path[0] === 'urlName'
            ? 'admin.catalog.errors.urlName'
            : 'admin.catalog.errors.required',
        );
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await (category ? updateCategory(category.id, parsed.data) : createCategory(parsed.data));
      await queryClient.invalidateQueries({ queryKey: ADMIN_CATALOG_QUERY_KEY });
      onDone(t('admin.catalog.categories.saved', { name: parsed.data.names.en }));
      if (!category) setValues({ urlName: '', en: '', es: '', ja: '', position: '0' });
    } catch (failure) {
      setErrors(
        failure instanceof ApiError && failure.fieldErrors
          ? { ...failure.fieldErrors }
          : { '': apiErrorText(failure, t) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      ref={form}
      className={styles.fieldset}
      noValidate
      aria-labelledby={`${prefix}-title`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id={`${prefix}-title`}>
        {category ? category.names.en : t('admin.catalog.categories.new')}
        {category
          ? ` · ${t('admin.catalog.categories.count', { count: category.offerCount, published: category.publishedCount })}`
          : ''}
      </h3>
      {errors[''] ? (
        <p role="alert" className={styles.alert}>
          {errors['']}
        </p>
      ) : null}
      <Field label={t('admin.catalog.fields.urlName')} error={errors.urlName}>
        {(control) => (
          <input
            {...control}
            value={values.urlName}
            onChange={(event) => setValues({ ...values, urlName: event.target.value })}
          />
        )}
      </Field>
      {LANGUAGES.map((language) => (
        <Field
          key={language}
          label={t(`admin.catalog.categories.name.${language}`)}
          error={errors[`names.${language}`]}
        >
          {(control) => (
            <input
              {...control}
              lang={language}
              value={values[language]}
              onChange={(event) => setValues({ ...values, [language]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <Field label={t('admin.catalog.categories.position')} error={errors.position}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={0}
            value={values.position}
            onChange={(event) => setValues({ ...values, position: event.target.value })}
          />
        )}
      </Field>
      <div className={styles.toolbar}>
        <button type="submit" className="button button--primary" disabled={busy}>
          {category ? t('admin.catalog.save') : t('admin.catalog.categories.add')}
        </button>
        {category ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy || category.offerCount > 0}
            title={category.offerCount > 0 ? t('admin.catalog.categories.notEmpty') : undefined}
            onClick={() => {
              setBusy(true);
              deleteCategory(category.id)
                .then(() => queryClient.invalidateQueries({ queryKey: ADMIN_CATALOG_QUERY_KEY }))
                .then(() =>
                  onDone(t('admin.catalog.categories.deleted', { name: category.names.en })),
                )
                .catch((failure: unknown) => setErrors({ '': apiErrorText(failure, t) }))
                .finally(() => setBusy(false));
            }}
          >
            {t('admin.catalog.categories.delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** All categories, each editable in place, and a form for a new one. */
export function CategoriesEditor() {
  const { t } = useTranslation();
  const categories = useAdminCategories();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className={styles.editor}>
      <div role="status">{message}</div>
      {categories.isPending ? <p role="status">{t('admin.catalog.loading')}</p> : null}
      {categories.isError ? <p role="alert">{apiErrorText(categories.error, t)}</p> : null}
      {categories.data?.map((category) => (
        <CategoryForm
          key={`${category.id}-${category.urlName}`}
          category={category}
          onDone={setMessage}
        />
      ))}
      <CategoryForm category={null} onDone={setMessage} />
    </div>
  );
}
