'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ActionState } from './action-state';

/**
 * A console form's fields that show the API's refusal beside the field at fault. The form's last answer is
 * provided by `StaffActionForm`; a field whose name is the refusal's `argument` is marked invalid and shows the
 * message under it. Core names the fields of an input object without their argument (`startDate` for
 * `input.startDate`), graphql-js with it: both point at the same field.
 */
const ActionStateContext = createContext<ActionState<unknown>>({ status: 'idle' });

export function ActionStateProvider({ state, children }: { state: ActionState<unknown>; children: ReactNode }) {
  return <ActionStateContext.Provider value={state}>{children}</ActionStateContext.Provider>;
}

const withoutInputPrefix = (argument: string) => argument.replace(/^input\./, '');

/** The API's message when it refused this field, else null. */
function useFieldRefusal(name: string): string | null {
  const state = useContext(ActionStateContext);
  if (state.status !== 'refused' || state.argument === null) return null;
  return withoutInputPrefix(state.argument) === withoutInputPrefix(name) ? state.message : null;
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  /** The label is read by screen readers only (a grid cell whose column says what it is). */
  hiddenLabel?: boolean;
  required?: boolean;
  defaultValue?: string;
  /** Shown before the API's (English) message, in the page's language. */
  refusedLabel: string;
}

function Shell({
  id,
  label,
  hiddenLabel,
  refusal,
  refusedLabel,
  children,
}: Pick<FieldProps, 'id' | 'label' | 'hiddenLabel' | 'refusedLabel'> & {
  refusal: string | null;
  children: ReactNode;
}) {
  return (
    <div className={refusal === null ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {children}
      {refusal !== null && (
        <p id={`${id}-error`} className="field-error" data-field-error={id}>
          {refusedLabel} <span lang="en">{refusal}</span>
        </p>
      )}
    </div>
  );
}

export function FormInput({
  type = 'text',
  maxLength,
  min,
  max,
  ...field
}: FieldProps & { type?: 'text' | 'date' | 'number'; maxLength?: number; min?: number; max?: number }) {
  const refusal = useFieldRefusal(field.name);
  return (
    <Shell {...field} refusal={refusal}>
      <input
        id={field.id}
        name={field.name}
        type={type}
        className="field-input"
        defaultValue={field.defaultValue}
        required={field.required}
        maxLength={maxLength}
        min={min}
        max={max}
        aria-invalid={refusal !== null || undefined}
        aria-describedby={refusal !== null ? `${field.id}-error` : undefined}
      />
    </Shell>
  );
}

export function FormSelect({
  options,
  ...field
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const refusal = useFieldRefusal(field.name);
  return (
    <Shell {...field} refusal={refusal}>
      <select
        id={field.id}
        name={field.name}
        className="field-input"
        defaultValue={field.defaultValue}
        required={field.required}
        aria-invalid={refusal !== null || undefined}
        aria-describedby={refusal !== null ? `${field.id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function FormTextarea({ rows = 3, maxLength, ...field }: FieldProps & { rows?: number; maxLength?: number }) {
  const refusal = useFieldRefusal(field.name);
  return (
    <Shell {...field} refusal={refusal}>
      <textarea
        id={field.id}
        name={field.name}
        className="field-input"
        rows={rows}
        maxLength={maxLength}
        defaultValue={field.defaultValue}
        required={field.required}
        aria-invalid={refusal !== null || undefined}
        aria-describedby={refusal !== null ? `${field.id}-error` : undefined}
      />
    </Shell>
  );
}
