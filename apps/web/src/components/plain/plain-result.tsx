import type { ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { PlainIcon } from './plain-controls.tsx';
import styles from './plain.module.css';

/** A finished task or a page's state: its mark, the title (a heading), what it means and the way on. */
export function PlainResult({ status = 'success', title, level = 2, description, extra }: { status?: 'success' | 'info'; title: string; level?: 2 | 3; description: ReactNode; extra: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.result}>
      <PlainIcon icon={status === 'success' ? CheckCircleFilled : InfoCircleFilled} className={`${styles.resultIcon} ${status === 'info' ? styles.resultInfo : ''}`} />
      <Heading className={styles.resultTitle}>{title}</Heading>
      <div className={styles.resultDescription}>{description}</div>
      {extra}
    </section>
  );
}
