import type { ButtonHTMLAttributes, ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import styles from './plain.module.css';

/** The class that gives the plain controls their colours: on the public pages' frame. */
export const PLAIN_SCOPE = styles.scope;

/** SVG attributes as React names them: fill-rule -> fillRule. */
const reactAttributes = (attrs: Record<string, string>) => Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));

function renderNode(node: AbstractNode, key?: number): ReactNode {
  const { tag, attrs, children } = node;
  const Tag = tag as 'svg';
  return (
    <Tag key={key} {...reactAttributes(attrs)}>
      {children?.map(renderNode)}
    </Tag>
  );
}

/** One of antd's outlined icons from its SVG set, without the icon component's runtime. */
export function PlainIcon({ icon, className = styles.icon }: { icon: IconDefinition; className?: string }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={className} aria-hidden="true">
      {renderNode(node)}
    </span>
  );
}

export function PlainSpinner({ label }: { label?: string }) {
  return <span className={styles.spinner} role={label ? 'status' : undefined} aria-label={label} />;
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  type?: 'submit' | 'button';
  variant?: 'primary' | 'default' | 'text';
  size?: 'small' | 'large';
  block?: boolean;
  loading?: boolean;
};

/** antd's Button in its three looks; while loading it shows a spinner and ignores presses. */
export function PlainButton({ type = 'button', variant = 'default', size, block, loading = false, className, children, onClick, ...rest }: ButtonProps) {
  const classes = [styles.button, variant !== 'default' && styles[variant], size === 'small' && styles.small, size === 'large' && styles.largeButton, block && styles.block, className];
  return (
    <button
      {...rest}
      type={type}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A message above a form: what the server answered. */
export function PlainAlert({ type, children, ...rest }: { type: 'error' | 'success'; children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className={`${styles.alert} ${type === 'error' ? styles.alertError : styles.alertSuccess}`} role={type === 'error' ? 'alert' : 'status'} {...rest}>
      <PlainIcon icon={type === 'error' ? CloseCircleFilled : CheckCircleFilled} />
      <div>{children}</div>
    </div>
  );
}
