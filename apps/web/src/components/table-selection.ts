import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';

type SelectionLabels<T> = Pick<TableRowSelection<T>, 'getTitleCheckboxProps' | 'getCheckboxProps'>;

/**
 * Names for a table's selection boxes that assistive technology reads in the user's language: antd
 * writes "Select all" and "Select row 3" in English whatever its locale. The header box takes antd's
 * own translated "select the current page" (it selects the page shown); a row's box is named by the
 * row itself (`nameOf`, an order number say), which needs no translation and says which row it is.
 */
export function useSelectionLabels<T>(nameOf: (record: T) => string): SelectionLabels<T> {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  // antd types its locale's texts as nodes; a Table's are plain strings
  const selectPage = typeof locale?.Table?.selectAll === 'string' ? locale.Table.selectAll : undefined;
  return {
    getTitleCheckboxProps: () => (selectPage ? { 'aria-label': selectPage } : {}),
    getCheckboxProps: (record) => ({ 'aria-label': nameOf(record) }),
  };
}
