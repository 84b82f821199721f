import { useMemo } from 'react';
import type { StaticOption } from '../../../components/list-page/list-config.ts';
import { useInitiators } from '../api/initiators.ts';
import { literal } from '../../../components/list-page/text-key.ts';

/** The "created by" filter's options: the tenant's people who created wallet records, by id. */
export function useInitiatorOptions(): readonly StaticOption[] {
  const { data } = useInitiators();
  return useMemo(() => (data ?? []).map((person) => ({ value: String(person.id), label: literal(person.realname ? `${person.realname} (${person.username})` : person.username) })), [data]);
}
