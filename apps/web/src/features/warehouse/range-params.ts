import type { ListParams } from '../../components/list-page/list-config.ts';

/**
 * The list toolkit sends a date range `<name>` as `<name>_begin` / `<name>_end`; the warehouse lists
 * take `<name>From` / `<name>To`, as the contract's order filters do (createdFrom, createdTo).
 */
export function withRangeNames(params: ListParams): ListParams {
  const renamed: ListParams = { pageNo: params.pageNo, pageSize: params.pageSize };
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    const range = /^(\w+)_(begin|end)$/.exec(name);
    renamed[range ? `${range[1]}${range[2] === 'begin' ? 'From' : 'To'}` : name] = value;
  }
  return renamed;
}
