import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { PlainIcon } from './plain-controls.tsx';
import styles from './plain.module.css';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength'>;

export type PlainFieldProps = InputProps & {
  /** from PlainForm.field(name) */
  field: { id: string; name: string; value: string; error: string | undefined; onChange: (value: string) => void; onBlur: () => void };
  label: string;
  /** the rule, always in view under the field (under the error while there is one) */
  hint?: string;
  prefix?: IconDefinition;
  password?: boolean;
  /** texts of the show / hide button of a password */
  revealLabels?: { show: string; hide: string };
  size?: 'large';
  /** beside the field, such as the button that sends an SMS code */
  addon?: ReactNode;
};

/** A labelled text or password field with its hint or error under it, drawn like antd's Form.Item and Input. */
export function PlainField({ field, label, hint, prefix, password = false, revealLabels, size, addon, ...input }: PlainFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const describedBy = [field.error && `${field.id}_error`, hint && `${field.id}_hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.item, size === 'large' && styles.large, field.error && styles.invalid].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={field.id}>
        {label}
      </label>
      <div className={styles.control}>
        <span className={styles.affix}>
          {prefix && <PlainIcon icon={prefix} />}
          <input
            {...input}
            id={field.id}
            name={field.name}
            className={styles.input}
            type={password && !revealed ? 'password' : 'text'}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            aria-invalid={field.error ? true : undefined}
            aria-required
            aria-describedby={describedBy}
          />
          {password && revealLabels && (
            <button type="button" className={styles.reveal} aria-label={revealed ? revealLabels.hide : revealLabels.show} aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
              <PlainIcon icon={revealed ? EyeOutlined : EyeInvisibleOutlined} className="" />
            </button>
          )}
        </span>
        {addon}
      </div>
      {field.error && (
        <div id={`${field.id}_error`} className={styles.error} role="alert">
          {field.error}
        </div>
      )}
      {hint && (
        <div id={`${field.id}_hint`} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}
