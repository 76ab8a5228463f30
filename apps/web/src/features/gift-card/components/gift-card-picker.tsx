import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LIMITS,
  parseMinorUnits,
  paths,
  type Currency,
  type GiftCardInCart,
} from '@pictura/contract';
import formStyles from '../../../components/form/form.module.css';
import { useUntilReady } from '../../../lib/app-ready';
import { useFormat } from '../../../lib/format';
import { GIFT_CARD_PRESETS } from '../presets';
import styles from './gift-card-picker.module.css';

export type GiftCardAddResult = 'added' | 'replaced' | 'unchanged';

interface GiftCardPickerProps {
  currency: Currency;
  /** The gift card already in the cart, if any: adding another replaces it. */
  current: GiftCardInCart | null;
  /** Puts a card of this many minor units in the cart (the cart's gift-card store). */
  onAdd: (amount: number) => GiftCardAddResult;
}

type Choice = number | 'custom';
type Outcome = { result: GiftCardAddResult; amount: number; previous: number | null };

/**
 * Choose an amount (a preset or one typed within the limits), then add the card to the cart; the
 * cart holds one gift card, so adding another replaces it and says so.
 */
export function GiftCardPicker({ currency, current, onAdd }: GiftCardPickerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [choice, setChoice] = useState<Choice>(GIFT_CARD_PRESETS[1] ?? 'custom');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<'format' | 'range' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const addUntilReady = useUntilReady(t('giftCard.add'));
  const price = (amount: number) => format.price({ amount, currency });
  const range = { min: price(LIMITS.giftCardMin), max: price(LIMITS.giftCardMax) };

  const add = (event: FormEvent) => {
    event.preventDefault();
    let amount = choice;
    if (amount === 'custom') {
      const parsed = parseMinorUnits(custom, currency);
      if (parsed === null || parsed < LIMITS.giftCardMin || parsed > LIMITS.giftCardMax) {
        setError(parsed === null ? 'format' : 'range');
        document.getElementById(`${id}-custom`)?.focus();
        return;
      }
      amount = parsed;
    }
    setError(null);
    const previous = current?.amount ?? null;
    setOutcome({ result: onAdd(amount), amount, previous });
  };

  const errorText =
    error === 'format' ? t('giftCard.customFormat') : error ? t('giftCard.customRange', range) : '';
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <form method="post" className={styles.picker} noValidate onSubmit={add}>
      {current && outcome === null ? (
        <p className={styles.notice}>
          {t('giftCard.replaceNotice', { amount: price(current.amount) })}
        </p>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={formStyles.legend}>{t('giftCard.chooseAmount')}</legend>
        <div className={styles.presets}>
          {GIFT_CARD_PRESETS.map((amount) => (
            <label key={amount} className={styles.option}>
              <input
                type="radio"
                name={`${id}-amount`}
                value={amount}
                checked={choice === amount}
                onChange={() => setChoice(amount)}
              />
              {price(amount)}
            </label>
          ))}
          <label className={`${styles.option} ${styles.otherOption}`}>
            <input
              type="radio"
              name={`${id}-amount`}
              value="custom"
              checked={choice === 'custom'}
              onChange={() => setChoice('custom')}
            />
            {t('giftCard.otherAmount')}
          </label>
        </div>
        {choice === 'custom' ? (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={`${id}-custom`}>
              {t('giftCard.customLabel', { symbol: format.currencySymbol(currency) })}
            </label>
            <input
              id={`${id}-custom`}
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              value={custom}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setCustom(event.target.value)}
            />
            <p id={`${id}-hint`} className={formStyles.hint}>
              {t('giftCard.customHint', range)}
            </p>
            {error ? (
              <p id={`${id}-error`} className={formStyles.error}>
                {errorText}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary button--large" {...addUntilReady}>
          {t('giftCard.add')}
        </button>
        {current ? (
          <Link className="button button--secondary button--large" to={paths.cart}>
            {t('giftCard.goToCart')}
          </Link>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {outcome ? <OutcomeText outcome={outcome} price={price} /> : null}
      </p>
    </form>
  );
}

function OutcomeText({ outcome, price }: { outcome: Outcome; price: (amount: number) => string }) {
  const { t } = useTranslation();
  const amount = price(outcome.amount);
  if (outcome.result === 'unchanged') return <>{t('giftCard.unchanged', { amount })}</>;
  if (outcome.result === 'replaced' && outcome.previous !== null) {
    return <>{t('giftCard.replaced', { amount, previous: price(outcome.previous) })}</>;
  }
  return <>{t('giftCard.added', { amount })}</>;
}
