/*
 * How a query form lays out its fields in the width it has. A label and its placeholder are as long as the
 * language makes them (an English label is often twice a Chinese one): the number of fields a row is chosen from
 * the form's own width and its longest texts, not from the window's, so that no label or placeholder is cut and
 * no field is squeezed, in a page's full width as in a card beside a tree.
 */

/** The horizontal space between two fields (the form's Row gutter). */
export const QUERY_GUTTER = 16;
/** At most this many fields a row, however wide the form. */
export const MAX_QUERY_COLUMNS = 4;
/** No control narrower than this, whatever its placeholder: what is typed needs room. */
export const MIN_CONTROL_WIDTH = 140;
/** Room a label takes beside its text: the colon and the margins around it. */
export const LABEL_CHROME = 16;
/**
 * Room a control takes beside its placeholder: padding and border, plus an input's clear button (kept in the
 * layout while hidden), a select's arrow, a number's steps; a date range has two placeholders, its separator
 * and its calendar icon.
 */
export const CONTROL_CHROME = { input: 42, number: 48, select: 46, range: 84 } as const;

/** What one field needs: its label's text width, its control's whole width; `wide` for a control that may span columns (a date range). */
export type FieldNeed = { label: number; control: number; wide?: boolean };

/**
 * The layout: fields a row, each field's width (label and control) and columns; `vertical` when even one field a
 * row leaves a label no room beside its control, which then goes above it.
 */
export type QueryLayout = { columns: number; widths: number[]; spans: number[]; vertical: boolean };

/** The width of one column when a row of `width` holds `columns`. */
export const columnWidth = (width: number, columns: number): number => (width + QUERY_GUTTER) / columns - QUERY_GUTTER;

/**
 * The most fields a row of `width` holds with every label and every one-column control whole (one at least); a
 * wide control that needs more than its column spans two or more.
 */
export function queryLayout(width: number, needs: readonly FieldNeed[]): QueryLayout {
  const widths = needs.map((need) => need.label + LABEL_CHROME + Math.max(need.control, MIN_CONTROL_WIDTH));
  const widest = Math.max(0, ...widths.filter((_, index) => !needs[index]?.wide));
  let columns = 1;
  for (let count = MAX_QUERY_COLUMNS; count > 1; count -= 1) {
    if (widest <= columnWidth(width, count)) {
      columns = count;
      break;
    }
  }
  const column = columnWidth(width, columns);
  const spans = widths.map((need) => {
    let span = 1;
    while (span < columns && need > column * span + QUERY_GUTTER * (span - 1)) span += 1;
    return span;
  });
  return { columns, widths, spans, vertical: Math.max(0, ...widths) > width };
}
