import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaticOption } from '../../../components/list-page/list-config.ts';

/** A status or kind as the list shows it: its text in its colour. */
export function StatusTag({ options, value }: { options: readonly StaticOption[]; value: string }) {
  const { t } = useTranslation();
  const option = options.find((candidate) => candidate.value === value);
  if (!option) return <Tag>{value}</Tag>;
  return <Tag color={option.color}>{t(option.label)}</Tag>;
}
