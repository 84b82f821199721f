import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { PlainFieldProps } from './plain-field.tsx';
import styles from './plain.module.css';

type TextareaProps = Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'autoFocus' | 'maxLength' | 'placeholder' | 'rows' | 'spellCheck' | 'onKeyDown'>;

export type PlainTextareaProps = TextareaProps & {
  field: PlainFieldProps['field'];
  label: string;
  /** the rule, always in view under the field (under the error while there is one) */
  hint?: string;
  /** beside the hint, on the right: a live count of what was typed */
  counter?: ReactNode;
  required?: boolean;
};

/** A labelled multi-line field drawn like antd's Input.TextArea, with PlainField's hint and error. */
export function PlainTextarea({ field, label, hint, counter, required = false, rows = 4, ...textarea }: PlainTextareaProps) {
  const describedBy = [field.error && `${field.id}_error`, hint && `${field.id}_hint`, counter !== undefined && `${field.id}_counter`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.item, field.error && styles.invalid].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={field.id}>
        {label}
      </label>
      <div className={styles.control}>
        <span className={styles.affix}>
          <textarea
            {...textarea}
            id={field.id}
            name={field.name}
            className={styles.input}
            // a textarea's own look that the shared input class does not give: grows downwards only
            style={{ resize: 'vertical', minHeight: `${rows * 1.5715 + 0.2}em`, display: 'block' }}
            rows={rows}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            aria-invalid={field.error ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={describedBy}
          />
        </span>
      </div>
      {field.error && (
        <div id={`${field.id}_error`} className={styles.error} role="alert">
          {field.error}
        </div>
      )}
      {(hint || counter !== undefined) && (
        <div style={{ display: 'flex', gap: 12, justifyContent: 'space-between' }}>
          {hint ? (
            <div id={`${field.id}_hint`} className={styles.hint}>
              {hint}
            </div>
          ) : (
            <span />
          )}
          {counter !== undefined && (
            <div id={`${field.id}_counter`} className={styles.hint} style={{ flex: 'none' }}>
              {counter}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
