import type { CSSProperties, ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** lines shown before the ellipsis */
  lines?: number;
  /** the whole text, shown on hover when it is cut */
  title?: string;
  tone?: 'default' | 'secondary';
  strong?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
};

/**
 * Text cut with an ellipsis after some lines, the whole of it in the title: what the home page needs
 * of antd's Typography, whose copy / edit machinery would come with it.
 */
export function ClampedText({ children, lines = 1, title, tone = 'default', strong = false, style, ...rest }: Props) {
  const clamp: CSSProperties =
    lines === 1 ? { whiteSpace: 'nowrap', textOverflow: 'ellipsis' } : { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines };
  return (
    <span
      title={title}
      style={{
        overflow: 'hidden',
        ...clamp,
        ...(lines === 1 ? { display: 'inline-block', verticalAlign: 'bottom', maxWidth: '100%' } : {}),
        color: tone === 'secondary' ? 'var(--ant-color-text-secondary)' : undefined,
        fontWeight: strong ? 600 : undefined,
        ...style,
      }}
      {...rest}
    >
      {children}
    </span>
  );
}
