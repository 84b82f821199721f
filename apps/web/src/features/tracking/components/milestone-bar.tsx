import { useTranslation } from 'react-i18next';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { PlainIcon } from '../../../components/plain/plain-controls.tsx';
import type { Milestone } from '../tracking-view.ts';
import styles from '../tracking.module.css';

const STATE_CLASS = { reached: styles.reached, current: styles.current, ahead: '' } as const;

/** The normal path's steps, each reached, current or ahead; the state is written out for screen readers. */
export function MilestoneBar({ milestones, labelledBy }: { milestones: readonly Milestone[]; labelledBy: string }) {
  const { t } = useTranslation('tracking');
  return (
    <ol className={styles.milestones} aria-labelledby={labelledBy} data-testid="milestones">
      {milestones.map(({ status, state }, index) => (
        <li key={status} className={`${styles.milestone} ${STATE_CLASS[state]}`} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
          <span className={styles.dot} aria-hidden="true">
            {state === 'reached' ? <PlainIcon icon={CheckOutlined} className="" /> : index + 1}
          </span>
          <span className={styles.stepName}>
            {t(`status.${status}`)}
            <span className={styles.visuallyHidden}>{`: ${t(`milestone.${state}`)}`}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
