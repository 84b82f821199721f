import type { Dayjs } from 'dayjs';
import type { OrderStatus, TrackingSource } from '@portal/shared/logistics';
import type { TrackingEventInput } from '@portal/shared/logistics-schemas';

export type DescriptionMode = 'ours' | 'raw';
/** The add-event form's values: a description in our three languages, or the carrier's own text. */
export type EventFormValues = {
  orderNo: string;
  status?: OrderStatus | '';
  occurredAt: Dayjs;
  location?: string;
  mode: DescriptionMode;
  descriptionZhTw?: string;
  descriptionZhCn?: string;
  descriptionEnUs?: string;
  rawText?: string;
  carrierCode?: string;
  source: TrackingSource;
};

export const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The form's values as the contract's input: empty texts left out, the time in ISO 8601 with the operator's offset. */
export function toEventInput(values: EventFormValues): TrackingEventInput {
  const input: TrackingEventInput = {
    orderNo: trimmed(values.orderNo),
    occurredAt: values.occurredAt.millisecond(0).format(),
    location: trimmed(values.location),
    source: values.source,
  };
  if (values.status) input.status = values.status;
  if (trimmed(values.carrierCode)) input.carrierCode = trimmed(values.carrierCode);
  if (values.mode === 'raw') {
    if (trimmed(values.rawText)) input.rawText = trimmed(values.rawText);
  } else {
    const description = { 'zh-TW': trimmed(values.descriptionZhTw), 'zh-CN': trimmed(values.descriptionZhCn), 'en-US': trimmed(values.descriptionEnUs) };
    if (Object.values(description).some(Boolean)) input.description = description;
  }
  return input;
}
