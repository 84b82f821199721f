import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import type { PopupConfig } from '@portal/shared/online';
import { ReportPicker } from './report-picker.tsx';
import type { ReportPickerProps } from './report-picker-props.ts';

/**
 * The product's own pickers on the built-in reports (seeded by the server, editable by the platform in
 * the report designer): which report, which of its columns the screens take.
 */
export const ORDER_PICKER: PopupConfig = { reportCode: 'order_picker', originalFields: 'orderNo', targetFields: 'orderNo', multi: false };
export const USERS_PICKER: PopupConfig = { reportCode: 'user_picker', originalFields: 'id,username,realname', targetFields: 'id,username,realname', multi: true };

/**
 * A button that opens the report picker and hands the picked rows, mapped, to `onPick`. `label`: the
 * button's text, or its tooltip and accessible name with `iconOnly` (beside an input).
 */
export function ReportPickButton({ config, label, title, onPick, iconOnly = false, disabled, testId }: {
  config: PopupConfig;
  label: string;
  title?: string;
  onPick: ReportPickerProps['onOk'];
  iconOnly?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = (
    <Button icon={<UnorderedListOutlined />} aria-label={iconOnly ? label : undefined} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
      {iconOnly ? null : label}
    </Button>
  );
  return (
    <>
      {iconOnly ? <Tooltip title={label}>{button}</Tooltip> : button}
      <ReportPicker
        open={open}
        config={config}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={(mapped, rows) => {
          setOpen(false);
          onPick(mapped, rows);
        }}
      />
    </>
  );
}
