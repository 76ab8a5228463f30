import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { STYLES } from '@pictura/contract';
import styles from './create-form.module.css';

// Painted once by the procedural generator (apps/server/src/cli/style-samples.ts), served as
// static files: no request to the API and no CPU on the server when the page opens.
const sampleUrl = (style: string) => `/styles/${style}.webp`;

/** The style as a group of radio chips, each with a small sample picture of the style. */
export function StylePicker({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('create.form.style')}</legend>
      <div className={styles.styleChips}>
        {STYLES.map((style) => (
          <label key={style} className={styles.styleChip}>
            <input className="visually-hidden" type="radio" value={style} {...registration} />
            <img
              className={styles.sample}
              src={sampleUrl(style)}
              alt=""
              width={96}
              height={64}
              decoding="async"
            />
            <span className={styles.chipName}>{t(`gallery.styles.${style}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
