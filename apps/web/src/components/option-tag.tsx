import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaticOption } from './list-page/list-config.ts';

/** A status or kind as the lists show it (the same text and colour), for drawers and dialogs. */
export function OptionTag({ options, value }: { options: readonly StaticOption[]; value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return null;
  const option = options.find((candidate) => candidate.value === value);
  return option ? <Tag color={option.color}>{t(option.label)}</Tag> : <Tag>{value}</Tag>;
}
