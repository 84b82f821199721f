import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { PlainIcon } from './plain-controls.tsx';
import styles from './plain.module.css';

/** Numbered steps in a row, the current one marked (antd's small Steps with titles underneath). */
export function PlainSteps({ current, titles }: { current: number; titles: string[] }) {
  return (
    <ol className={styles.steps}>
      {titles.map((title, index) => {
        const state = index < current ? styles.stepDone : index === current ? styles.stepCurrent : '';
        return (
          <li key={title} className={`${styles.step} ${state}`} aria-current={index === current ? 'step' : undefined}>
            <span className={styles.stepNumber}>{index < current ? <PlainIcon icon={CheckOutlined} className="" /> : index + 1}</span>
            <span className={styles.stepTitle}>{title}</span>
          </li>
        );
      })}
    </ol>
  );
}
