import { useEffect, useState } from 'react';
import { Alert, Flex, Image, Skeleton, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VoucherRecord } from '@portal/shared/finance-schemas';
import { getVoucher } from '../api/get-voucher.ts';

/**
 * A voucher's bytes as an object URL for as long as it is on screen: fetched, made and revoked by the
 * same effect, so that React's double effects in development never revoke the one shown.
 */
function useVoucherUrl(id: number): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getVoucher(id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One bank voucher, fetched with the user's token: an image inline, a PDF as a link to open it. */
function Voucher({ voucher }: { voucher: VoucherRecord }) {
  const { t } = useTranslation('finance');
  const { url, failed } = useVoucherUrl(voucher.id);
  if (failed) return <Alert type="warning" showIcon title={t('recharge.voucherFailed', { name: voucher.name })} />;
  if (!url) return <Skeleton.Image active />;
  const caption = (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {voucher.name} · {sizeText(voucher.size)}
    </Typography.Text>
  );
  if (voucher.mimeType === 'application/pdf') {
    return (
      <Flex vertical gap={4} data-testid="voucher-pdf">
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          <FilePdfOutlined /> {t('recharge.openPdf')}
        </Typography.Link>
        {caption}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4} data-testid="voucher-image">
      <Image src={url} alt={voucher.name} width={160} height={160} style={{ objectFit: 'contain' }} />
      {caption}
    </Flex>
  );
}

export function VoucherList({ vouchers }: { vouchers: readonly VoucherRecord[] }) {
  const { t } = useTranslation('finance');
  if (vouchers.length === 0) return <Typography.Text type="secondary">{t('recharge.noVouchers')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={16}>
        {vouchers.map((voucher) => (
          <Voucher key={voucher.id} voucher={voucher} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
