import type { Page } from 'playwright-core';

/*
 * What of a list page's texts the screen cuts: the query form's labels, the placeholders of the page's inputs and
 * selects, the tables' column headers, and the query fields too narrow to type in. Measured in the page, on what
 * shows of the page's content (not the header, the menu or the tabs), in one round trip.
 */

/** A query field narrower than this leaves no room to read what was typed. */
export const MIN_QUERY_FIELD_WIDTH = 120;

/** Opens every collapsed query form of the page on screen, so that its hidden fields are measured too. */
export async function expandQueryForms(page: Page): Promise<void> {
  const expanded = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLElement>('.ant-layout-content [data-testid="query-form"] button[aria-expanded="false"]')].filter((button) => button.checkVisibility());
    buttons.forEach((button) => button.click());
    return buttons.length;
  });
  if (expanded > 0) await page.waitForFunction(() => ![...document.querySelectorAll<HTMLElement>('.ant-layout-content [data-testid="query-form"] button[aria-expanded="false"]')].some((button) => button.checkVisibility()));
}

/** One line for each text the page on screen cuts, and each query field too narrow, naming the element. */
export async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate((minWidth) => {
    const found: string[] = [];
    const content = document.querySelector('.ant-layout-content');
    if (!content) return ['no content area'];
    const shown = <E extends Element>(selector: string): E[] => [...content.querySelectorAll<E>(selector)].filter((element) => element.checkVisibility());
    const px = (value: string) => Number.parseFloat(value) || 0;
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

    /** the width the text of `element` takes on one line as laid out (a Range's box is the text's, clipped or not) */
    const textRight = (element: Element): number | null => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      return rects.length === 0 ? null : Math.max(...rects.map((rect) => rect.right));
    };
    /** the right edge of the box's content (inside its padding and border) */
    const contentRight = (element: Element) => {
      const style = getComputedStyle(element);
      return element.getBoundingClientRect().right - px(style.borderRightWidth) - px(style.paddingRight);
    };
    /**
     * Whether the text in `holder` is cut: it runs past the holder's content box (over what follows, or under a
     * clip), or a box between it and `limit` that clips its overflow has more to show than it does.
     */
    const isCut = (holder: Element, limit: Element): boolean => {
      const right = textRight(holder);
      if (right !== null && right > contentRight(holder) + 1) return true;
      for (let box: Element | null = holder; box && limit.contains(box); box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && box.scrollWidth > box.clientWidth + 1) return true;
        if (box === limit) break;
      }
      return false;
    };

    const canvas = document.createElement('canvas').getContext('2d');
    /** whether the placeholder of a text input is wider than the room inside the input */
    const placeholderCut = (input: HTMLInputElement): boolean => {
      if (!canvas) return false;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      return canvas.measureText(input.placeholder).width > room + 1;
    };

    for (const form of shown<HTMLElement>('[data-testid="query-form"]')) {
      for (const item of [...form.querySelectorAll<HTMLElement>('.ant-form-item')].filter((element) => element.checkVisibility())) {
        const label = item.querySelector('.ant-form-item-label label');
        const name = label ? textOf(label) : '(no label)';
        if (label && isCut(label, item)) found.push(`query label "${name}" is cut`);
        const control = item.querySelector('.ant-form-item-control-input-content > *');
        if (control) {
          const width = control.getBoundingClientRect().width;
          if (width < minWidth) found.push(`query field "${name}" is ${Math.round(width)} px wide (at least ${minWidth})`);
        }
      }
    }
    for (const input of shown<HTMLInputElement>('input[placeholder]:not([type="hidden"]):not([readonly])')) {
      if (input.placeholder && input.value === '' && placeholderCut(input)) found.push(`placeholder "${input.placeholder}" is cut`);
    }
    // a select's placeholder is a text of its own (the input inside it has none)
    for (const placeholder of shown<HTMLElement>('.ant-select-placeholder')) {
      const select = placeholder.closest('.ant-select') ?? placeholder;
      if (isCut(placeholder, select)) found.push(`placeholder "${textOf(placeholder)}" is cut`);
    }
    for (const header of shown<HTMLTableCellElement>('.ant-table-thead th')) {
      if (header.classList.contains('ant-table-selection-column')) continue;
      // a sortable column's title sits beside its arrows
      const holder = header.querySelector('.ant-table-column-title') ?? header;
      const title = textOf(holder);
      if (title !== '' && isCut(holder, header)) found.push(`column header "${title}" is cut`);
    }
    return found;
  }, MIN_QUERY_FIELD_WIDTH);
}
