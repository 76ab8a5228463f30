import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  GENERATION_COUNT_MAX,
  GENERATION_PROMPT_MAX,
  GENERATION_PROMPT_MIN,
  GENERATION_QUALITIES,
  GENERATION_STANDARD_MAX_SIDE,
  GenerationRequestSchema,
  ORIENTATIONS,
  paths,
  type Currency,
  type GenerationQuality,
  type GenerationRequest,
  type Orientation,
  type Style,
} from '@pictura/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { invalidateBalance, useBalanceIn, type BalanceState } from '../../../lib/api/get-balance';
import {
  fieldErrorText,
  formAlertText,
  formResolver,
  useSubmitError,
} from '../../../lib/form-validation';
import { loginPathWithReturnUrl } from '../../../lib/return-url';
import { priceOf, useGenerationPrices } from '../api/get-generation-prices';
import { GENERATIONS_QUERY_KEY } from '../api/get-generations';
import { submitGeneration } from '../api/submit-generation';
import { ChoiceGroup } from './choice-group';
import { isBalanceTooLow, PriceSummary } from './price-summary';
import { PromptField } from './prompt-field';
import { StylePicker } from './style-picker';
import styles from './create-form.module.css';

/** What the form holds: radio buttons give text, so the count is a digit until it is sent. */
interface CreateValues {
  prompt: string;
  negativePrompt: string;
  style: Style;
  orientation: Orientation;
  quality: GenerationQuality;
  count: string;
}

const FormSchema = GenerationRequestSchema.omit({ currency: true });
type CreateOutput = Omit<GenerationRequest, 'currency'>;

const schemaResolver = formResolver(FormSchema);
const resolver: Resolver<CreateValues, unknown, CreateOutput> = (values, context, options) =>
  schemaResolver(
    { ...values, count: Number(values.count) },
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<CreateValues, unknown, CreateOutput>>;

const DEFAULT_VALUES: CreateValues = {
  prompt: '',
  negativePrompt: '',
  style: 'None',
  orientation: 'Horizontal',
  quality: 'standard',
  count: '1',
};

const COUNTS = Array.from({ length: GENERATION_COUNT_MAX }, (_, index) => String(index + 1));

interface CreateFormProps {
  currency: Currency;
  /** A visitor may try every option and see its price, and is asked to sign in to generate. */
  signedIn: boolean;
}

/**
 * The generation request: prompt, style chips with samples, orientation, size
 * and count, the live price beside the balance. Generate is disabled with a link to the wallet
 * when the balance is known to be too low; the server's answer decides in every other case.
 */
export function CreateForm({ currency, signedIn }: CreateFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<CreateValues, unknown, CreateOutput>({
    resolver,
    defaultValues: DEFAULT_VALUES,
  });
  const submitError = useSubmitError(form);
  const [started, setStarted] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const [quality, count] = useWatch({ control, name: ['quality', 'count'] });
  // Unknown (shown as a dash) while the price list loads or when it failed.
  const prices = useGenerationPrices();
  const price = prices.data ? priceOf(prices.data, quality, Number(count), currency) : null;

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      setStarted(false);
      try {
        await submitGeneration({ ...request, currency });
      } finally {
        // Held at once on success; on a refusal for too little balance, the figure was stale.
        void invalidateBalance(queryClient);
      }
      setStarted(true);
      // The new job appears in the list, which opens its progress.
      await queryClient.invalidateQueries({ queryKey: GENERATIONS_QUERY_KEY });
    }),
  );

  const sizeChoices = GENERATION_QUALITIES.map((value) => ({
    value,
    label: t(`create.form.sizes.${value}`),
    hint: t(`create.form.sizeHints.${value}`, { pixels: GENERATION_STANDARD_MAX_SIDE }),
  }));

  return (
    <form
      method="post"
      className={`${formStyles.form} ${styles.form}`}
      noValidate
      aria-labelledby="create-form-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="create-form-heading" className={formStyles.heading}>
        {t('create.form.heading')}
      </h2>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <PromptField
        label={t('create.form.prompt')}
        hint={t('create.form.promptHint', {
          min: GENERATION_PROMPT_MIN,
          max: GENERATION_PROMPT_MAX,
        })}
        placeholder={t('create.form.promptPlaceholder')}
        registration={register('prompt')}
        error={errors.prompt}
      />
      <StylePicker registration={register('style')} />
      <div className={styles.row}>
        <ChoiceGroup
          legend={t('create.form.orientation')}
          choices={ORIENTATIONS.map((value) => ({
            value,
            label: t(`gallery.orientations.${value}`),
          }))}
          registration={register('orientation')}
          errorId="create-orientation-error"
          error={fieldErrorText(errors.orientation?.message, t)}
        />
        <ChoiceGroup
          legend={t('create.form.size')}
          choices={sizeChoices}
          registration={register('quality')}
          errorId="create-quality-error"
          error={fieldErrorText(errors.quality?.message, t)}
        />
        <ChoiceGroup
          legend={t('create.form.count')}
          choices={COUNTS.map((value) => ({ value, label: value }))}
          registration={register('count')}
          errorId="create-count-error"
          error={fieldErrorText(errors.count?.message, t)}
        />
      </div>
      <TextField
        label={t('create.form.negativePrompt')}
        hint={t('create.form.negativePromptHint')}
        autoComplete="off"
        registration={register('negativePrompt')}
        error={errors.negativePrompt}
      />
      {signedIn ? (
        <SignedInActions currency={currency} price={price} busy={isSubmitting} />
      ) : (
        <SignedOutActions currency={currency} price={price} />
      )}
      <FormStatus>{started ? t('create.form.started') : null}</FormStatus>
    </form>
  );
}

function SignedInActions({
  currency,
  price,
  busy,
}: {
  currency: Currency;
  price: number | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const balance: BalanceState = useBalanceIn(currency);
  return (
    <div className={styles.actions}>
      <PriceSummary currency={currency} price={price} balance={balance} />
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={busy || isBalanceTooLow(balance, price)}
      >
        {busy ? t('create.form.busy') : t('create.form.submit')}
      </button>
    </div>
  );
}

function SignedOutActions({ currency, price }: { currency: Currency; price: number | null }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <PriceSummary currency={currency} price={price} balance={null} />
      <p className={styles.muted}>{t('create.form.signedOut')}</p>
      <div className={styles.buttons}>
        <Link
          className="button button--primary button--large"
          to={loginPathWithReturnUrl(paths.create)}
        >
          {t('create.form.login')}
        </Link>
        <Link className="button button--secondary button--large" to={paths.signUp}>
          {t('create.form.signUp')}
        </Link>
      </div>
    </div>
  );
}
