import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isOneOf,
  ORIENTATIONS,
  parseMinorUnits,
  SORTS,
  STYLES,
  type Currency,
} from '@pictura/contract';
import { useUntilReady } from '../../../lib/app-ready';
import { useFormat } from '../../../lib/format';
import {
  DEFAULT_FILTERS,
  FILTER_PARAMS,
  narrowsResults,
  TYPED_PRICE_PARAMS,
  type GalleryFilters,
} from '../filters';
import styles from './filter-bar.module.css';

interface FilterBarProps {
  filters: GalleryFilters;
  currency: Currency;
  onChange: (filters: GalleryFilters) => void;
}

interface Draft {
  search: string;
  from: string;
  to: string;
}

type DraftErrors = Partial<Record<'from' | 'to', string>>;

// 'None' is the API's "no style filter", offered as "All styles".
const STYLE_CHOICES = STYLES.filter((style) => style !== 'None');

/**
 * Sort, orientation and style apply as soon as they change; the search text and the price range,
 * typed in the active currency's major units, apply with the Apply button or Enter.
 */
export function FilterBar({ filters, currency, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const symbol = format.currencySymbol(currency);
  // On a phone the fields fold behind a "Filters" button, so the pictures come first.
  const [open, setOpen] = useState(false);
  const toggleUntilReady = useUntilReady(t('gallery.filters.toggle'));
  const clearUntilReady = useUntilReady(t('gallery.filters.clear'));
  const active = [
    filters.orientation,
    filters.style,
    filters.from ?? filters.to,
    filters.search || null,
  ].filter((value) => value !== null).length;

  const draftOf = (value: GalleryFilters): Draft => ({
    search: value.search,
    from: value.from === null ? '' : format.amountInput({ amount: value.from, currency }),
    to: value.to === null ? '' : format.amountInput({ amount: value.to, currency }),
  });
  // The typed text follows the applied filters whenever those change (Apply, Clear, Back).
  const appliedKey = JSON.stringify([filters.search, filters.from, filters.to, currency]);
  const [draftFor, setDraftFor] = useState(appliedKey);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  if (draftFor !== appliedKey) {
    setDraftFor(appliedKey);
    setDraft(draftOf(filters));
    setErrors({});
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = draft.from.trim() === '' ? null : parseMinorUnits(draft.from, currency);
    const to = draft.to.trim() === '' ? null : parseMinorUnits(draft.to, currency);
    const next: DraftErrors = {};
    if (from === null && draft.from.trim() !== '') next.from = t('gallery.filters.invalidAmount');
    if (to === null && draft.to.trim() !== '') next.to = t('gallery.filters.invalidAmount');
    if (!next.from && !next.to && from !== null && to !== null && from > to) {
      next.to = t('gallery.filters.maxBelowMin');
    }
    setErrors(next);
    if (next.from || next.to) return;
    onChange({ ...filters, search: draft.search.trim(), from, to });
  };

  // Named as the address names them: sent by the browser itself before the app runs, the form is
  // a plain search whose results the server draws.
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name: name === 'search' ? FILTER_PARAMS.search : TYPED_PRICE_PARAMS[name],
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  const priceInput = (name: 'from' | 'to') => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${name}`}>
        {t(`gallery.filters.${name}`, { symbol })}
      </label>
      <input
        {...field(name)}
        className={styles.input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={name === 'from' ? '0' : t('gallery.filters.noLimit')}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <span id={`${id}-${name}-error`} className={styles.error}>
          {errors[name]}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className={styles.filters}>
      <button
        type="button"
        className={`button button--secondary ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        {...toggleUntilReady}
        onClick={() => setOpen(!open)}
      >
        <svg className={styles.toggleIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {t('gallery.filters.toggle')}
        {active > 0 ? <span className={styles.badge}>{active}</span> : null}
      </button>
      <form
        id={`${id}-form`}
        className={`${styles.bar} ${open ? styles.open : ''}`}
        role="search"
        aria-label={t('gallery.filters.label')}
        onSubmit={apply}
        noValidate
      >
        <div className={`${styles.field} ${styles.searchField}`}>
          <label className={styles.label} htmlFor={`${id}-search`}>
            {t('gallery.filters.search')}
          </label>
          <input
            {...field('search')}
            className={styles.input}
            type="search"
            maxLength={200}
            placeholder={t('gallery.filters.searchPlaceholder')}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-sort`}>
            {t('gallery.filters.sort')}
          </label>
          <select
            id={`${id}-sort`}
            name={FILTER_PARAMS.sort}
            className={styles.input}
            value={filters.sort}
            onChange={(event) => {
              const sort = event.target.value;
              if (isOneOf(SORTS, sort)) onChange({ ...filters, sort });
            }}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`gallery.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-orientation`}>
            {t('gallery.filters.orientation')}
          </label>
          <select
            id={`${id}-orientation`}
            name={FILTER_PARAMS.orientation}
            className={styles.input}
            value={filters.orientation ?? ''}
            onChange={(event) => {
              const orientation = event.target.value;
              onChange({
                ...filters,
                orientation: isOneOf(ORIENTATIONS, orientation) ? orientation : null,
              });
            }}
          >
            <option value="">{t('gallery.filters.anyOrientation')}</option>
            {ORIENTATIONS.map((orientation) => (
              <option key={orientation} value={orientation}>
                {t(`gallery.orientations.${orientation}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-style`}>
            {t('gallery.filters.style')}
          </label>
          <select
            id={`${id}-style`}
            name={FILTER_PARAMS.style}
            className={styles.input}
            value={filters.style ?? ''}
            onChange={(event) => {
              const style = event.target.value;
              onChange({ ...filters, style: isOneOf(STYLES, style) ? style : null });
            }}
          >
            <option value="">{t('gallery.filters.anyStyle')}</option>
            {STYLE_CHOICES.map((style) => (
              <option key={style} value={style}>
                {t(`gallery.styles.${style}`)}
              </option>
            ))}
          </select>
        </div>
        {priceInput('from')}
        {priceInput('to')}
        <div className={styles.actions}>
          <button type="submit" className="button button--primary">
            {t('gallery.filters.apply')}
          </button>
          {narrowsResults(filters) ? (
            <button
              type="button"
              className="button button--secondary"
              {...clearUntilReady}
              onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}
            >
              {t('gallery.filters.clear')}
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
