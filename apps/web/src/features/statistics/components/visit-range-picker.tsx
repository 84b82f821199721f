import { useState } from 'react';
import { Alert, Button, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { localToday, presetOf, rangeErrorKey, rangeOfPreset, VISIT_PRESETS, VISIT_RANGE_MAX_DAYS, type DayRange } from '../range-rules.ts';

const DAY = 'YYYY-MM-DD';

/**
 * The range of the statistics: the spec's presets (today, yesterday, this month, last month) or two days
 * picked; a range past the limits shows why and is not applied.
 */
export function VisitRangePicker({ value, onChange, today = localToday() }: { value: DayRange; onChange: (range: DayRange) => void; today?: string }) {
  const { t } = useTranslation('statistics');
  const [error, setError] = useState<string>();
  const active = presetOf(value, today);
  const apply = (range: DayRange) => {
    const key = rangeErrorKey(range);
    setError(key ? t(key, { max: VISIT_RANGE_MAX_DAYS }) : undefined);
    if (!key) onChange(range);
  };
  const picked = (days: [Dayjs | null, Dayjs | null] | null) => {
    const [begin, end] = days ?? [];
    if (begin && end) apply({ begin: begin.format(DAY), end: end.format(DAY) });
  };
  return (
    <Space orientation="vertical" size={8}>
      <Space wrap>
        {VISIT_PRESETS.map((preset) => (
          <Button key={preset} type={active === preset ? 'primary' : 'default'} onClick={() => apply(rangeOfPreset(preset, today))} data-testid={`preset-${preset}`}>
            {t(`visit.presets.${preset}`)}
          </Button>
        ))}
        <DatePicker.RangePicker
          aria-label={t('visit.custom')}
          value={[dayjs(value.begin), dayjs(value.end)]}
          allowClear={false}
          onChange={picked}
          data-testid="range-picker"
        />
      </Space>
      {error && <Alert type="error" showIcon title={error} data-testid="range-error" />}
    </Space>
  );
}
