import { Card, Col, Row, Statistic, type ColProps } from 'antd';

export type TotalFigure = { key: string; title: string; value: string };

/** The row of totals above a statistics page's charts: one card per figure (test id `total-<key>`). */
export function TotalCards({ figures, loading, col }: { figures: readonly TotalFigure[]; loading: boolean; col: ColProps }) {
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.key} {...col}>
          <Card loading={loading}>
            <Statistic title={figure.title} value={figure.value} data-testid={`total-${figure.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
