import { useRef, useState } from 'react';

/** A rule answers the message to show, or null when the value passes. */
export type Rule<V> = (value: string, values: V) => string | null;
export type Rules<V> = Partial<Record<keyof V & string, Rule<V>[]>>;

export const required =
  <V>(message: string): Rule<V> =>
  (value) =>
    value.trim() ? null : message;

/** Checked only once there is something to check: an empty field is `required`'s business. */
export const satisfies =
  <V>(test: (value: string) => boolean, message: string): Rule<V> =>
  (value) =>
    !value || test(value) ? null : message;

export const sameAs =
  <V>(other: keyof V, message: string): Rule<V> =>
  (value, values) =>
    !value || value === values[other] ? null : message;

export type PlainForm<V extends Record<string, string>> = {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  /** what a PlainInput of this field needs: id `<form>_<field>` (antd's convention), value, handlers, error */
  field: (name: keyof V & string) => { id: string; name: string; value: string; error: string | undefined; onChange: (value: string) => void; onBlur: () => void };
  /** checks the named fields (all by default) and shows their errors; the values when they pass */
  validate: (names?: (keyof V & string)[]) => V | null;
};

export type PlainFormOptions<V> = {
  rules: Rules<V>;
  /** fields checked again when the named field changes (a confirmation and its password) */
  dependsOn?: Partial<Record<keyof V & string, keyof V & string>>;
  /** fields checked when they lose focus rather than at every keystroke (a phone number being typed is not wrong yet) */
  checkOnBlur?: (keyof V & string)[];
};

/**
 * Form state for the public pages' plain forms, with antd Form's timing: a field is checked at every
 * change (or, if it is in `checkOnBlur`, when it loses focus with something in it, and at every change
 * once it shows an error), and all together on submit.
 */
export function usePlainForm<V extends Record<string, string>>(formName: string, initial: V, { rules, dependsOn = {}, checkOnBlur = [] }: PlainFormOptions<V>): PlainForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // the latest values for handlers created in an earlier render
  const latest = useRef(values);
  latest.current = values;

  const check = (name: keyof V & string, all: V): string | undefined => {
    for (const rule of rules[name] ?? []) {
      const message = rule(all[name] ?? '', all);
      if (message) return message;
    }
    return undefined;
  };

  const show = (names: (keyof V & string)[], all: V) =>
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) next[name] = check(name, all);
      return next;
    });

  const field: PlainForm<V>['field'] = (name) => ({
    id: `${formName}_${name}`,
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      const followers = (Object.keys(dependsOn) as (keyof V & string)[]).filter((other) => dependsOn[other] === name && next[other]);
      const self = !checkOnBlur.includes(name) || errors[name] ? [name] : [];
      show([...self, ...followers], next);
    },
    onBlur: () => {
      if (checkOnBlur.includes(name) && latest.current[name]) show([name], latest.current);
    },
  });

  const validate: PlainForm<V>['validate'] = (names) => {
    const all = latest.current;
    const checked = names ?? (Object.keys(all) as (keyof V & string)[]);
    show(checked, all);
    return checked.every((name) => !check(name, all)) ? all : null;
  };

  return { values, errors, field, validate };
}
