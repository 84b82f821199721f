import { Flex, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { absDecimal, reconcile } from '../decimal.ts';
import { moneyText } from '../../../components/money.tsx';

type Figures = { currency: string; opening: string; credits: string; debits: string; closing: string };

/**
 * The statement's check, done here again with exact arithmetic on the decimal strings (BigInt, never
 * a float): opening + money in − money out must be the closing balance, and the movements listed
 * must add up to money in − money out.
 */
export function ReconciliationLine({ statement, lineAmounts }: { statement: Figures; lineAmounts?: readonly string[] }) {
  const { t } = useTranslation('finance');
  const result = reconcile(statement, lineAmounts);
  const money = (value: string) => moneyText(value, statement.currency);
  const equation = t('statement.checkLine', {
    opening: money(statement.opening),
    credits: money(statement.credits),
    debits: money(absDecimal(statement.debits)),
    result: result ? money(result.computed) : '—',
  });
  const ok = result !== null && result.reconciled && result.linesMatch;
  return (
    <Flex vertical gap={4} data-testid="statement-check" data-reconciled={ok ? 'true' : 'false'}>
      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('statement.check')}</Typography.Text>
        <Typography.Text data-testid="statement-check-line">{equation}</Typography.Text>
        {result?.reconciled ? (
          <Tag color="success" icon={<CheckCircleOutlined />} data-testid="statement-check-result">
            {t('statement.reconciled')}
          </Tag>
        ) : (
          <Tag color="error" icon={<CloseCircleOutlined />} data-testid="statement-check-result">
            {t('statement.notReconciled', { closing: money(statement.closing) })}
          </Tag>
        )}
      </Flex>
      {result && !result.linesMatch && result.linesNet !== null && (
        <Typography.Text type="danger" data-testid="statement-check-lines">
          {t('statement.linesMismatch', { sum: money(result.linesNet), net: money(reconcileNet(statement)) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** money in − money out, for the message about the movements. */
function reconcileNet(statement: Figures): string {
  return reconcile({ opening: '0', credits: statement.credits, debits: statement.debits, closing: '0' })?.computed ?? '';
}
