import type { ReactNode } from 'react';
import { InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';

/**
 * A page's state in the content area (not available, failed to load): antd Result's look without
 * Result, whose 403/404/500 illustrations come with it into every chunk that imports it.
 */
export function StatusMessage({ status, title, description, extra, ...rest }: { status: 'info' | 'warning'; title: string; description?: ReactNode; extra?: ReactNode; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  const Icon = status === 'info' ? InfoCircleFilled : WarningFilled;
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 32px', textAlign: 'center' }} {...rest}>
      <Icon style={{ fontSize: 72, color: status === 'info' ? token.colorInfo : token.colorWarning }} aria-hidden />
      <div role={status === 'warning' ? 'alert' : undefined} style={{ fontSize: token.fontSizeHeading4, color: token.colorTextHeading, lineHeight: 1.4 }}>
        {title}
      </div>
      {description && <div style={{ color: token.colorTextDescription }}>{description}</div>}
      {extra && <div style={{ marginTop: 12 }}>{extra}</div>}
    </Flex>
  );
}
