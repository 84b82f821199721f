import { Alert, Flex, Image, Skeleton, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VoucherRecord } from '@portal/shared/finance-schemas';
import { useObjectUrl } from '../../../lib/object-url.ts';
import { getVoucher } from '../api/recharges.ts';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One bank voucher, fetched with the user's token: an image inline, a PDF as a link to open it. */
function Voucher({ voucher }: { voucher: VoucherRecord }) {
  const { t } = useTranslation('finance');
  const { url, failed } = useObjectUrl(voucher.id, getVoucher);
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
