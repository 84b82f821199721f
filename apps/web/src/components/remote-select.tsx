import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettled } from '../lib/use-settled.ts';
import type { RemoteOptions } from './list-page/list-config.ts';

/**
 * One record chosen by its name, searched on the server as the user types (a merchant among thousands):
 * the value is its id. A value given from outside (the page's URL) shows its name, asked by id.
 */
export function RemoteSelect({ remote, placeholder, id, value, onChange }: { remote: RemoteOptions; placeholder: string; id?: string; value?: number; onChange?: (value: number | undefined) => void }) {
  const [keyword, setKeyword] = useState('');
  const settled = useSettled(keyword.trim(), 300);
  const found = useQuery({ queryKey: [...remote.key, 'search', settled], queryFn: ({ signal }) => remote.fetch(settled ? { keyword: settled } : {}, signal), placeholderData: keepPreviousData, staleTime: 60_000 });
  const named = found.data?.some((option) => option.value === value) ?? false;
  const chosen = useQuery({ queryKey: [...remote.key, 'ids', value], queryFn: ({ signal }) => remote.fetch({ ids: [value ?? 0] }, signal), enabled: value !== undefined && !named, staleTime: 60_000 });
  const options = useMemo(() => {
    const all = new Map<number, string>();
    for (const option of [...(chosen.data ?? []), ...(found.data ?? [])]) all.set(option.value, option.label);
    return [...all].map(([id, label]) => ({ value: id, label }));
  }, [chosen.data, found.data]);
  return (
    <Select
      // the form item's id: its label names this field
      id={id}
      allowClear
      value={value}
      onChange={(next: number | undefined) => {
        setKeyword('');
        onChange?.(next);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      loading={found.isFetching}
      placeholder={placeholder}
    />
  );
}
