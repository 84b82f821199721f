import { Steps } from 'antd';
import { PICKUP_BATCH_STATUSES, type PickupBatchStatus } from '@portal/shared/logistics';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';

/**
 * The batch's four statuses (COLOrderStatusEnum) as a steps bar: the ones behind it done, its own in
 * progress, the last one done when the pick-up is complete; a cancelled batch stops at its step in red.
 */
export function PickupBatchSteps({ status, cancelled }: { status: PickupBatchStatus; cancelled: boolean }) {
  const { options } = useDictOptions('COLOrderStatusEnum');
  const current = PICKUP_BATCH_STATUSES.indexOf(status);
  const finished = status === 'FINISH_TAKE_GOODS';
  return (
    <Steps
      size="small"
      current={current}
      status={cancelled ? 'error' : finished ? 'finish' : 'process'}
      items={PICKUP_BATCH_STATUSES.map((value) => ({ title: findDictOption(options, value)?.text ?? value }))}
      data-testid="batch-steps"
    />
  );
}
