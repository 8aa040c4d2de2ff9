import type { ReactNode } from 'react';
import { SelectOptions } from './select-options';

/**
 * The GET filter forms (rankings, players, tournaments) and their fields: a label, an optional hint tied to
 * the field, and the current value preselected so the form shows what the page is filtered by.
 */
interface FieldProps {
  id: string;
  name: string;
  label: string;
  hint?: string;
}

function FieldShell({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field filter-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  hint,
  value,
  options,
}: FieldProps & { value: string | null; options: readonly { value: string; label: string }[] }) {
  return (
    <FieldShell id={id} label={label} hint={hint}>
      <select
        id={id}
        name={name}
        className="field-input"
        defaultValue={value ?? ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <SelectOptions options={options.map((option) => [option.value, option.label] as const)} />
      </select>
    </FieldShell>
  );
}

export function TextField({
  id,
  name,
  label,
  hint,
  value,
  type = 'text',
  maxLength,
  pattern,
}: FieldProps & { value: string | null; type?: 'text' | 'search' | 'date'; maxLength?: number; pattern?: string }) {
  return (
    <FieldShell id={id} label={label} hint={hint}>
      <input
        id={id}
        name={name}
        type={type}
        className="field-input"
        defaultValue={value ?? ''}
        maxLength={maxLength}
        pattern={pattern}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </FieldShell>
  );
}

/**
 * A GET filter form: its fields in a grid under a legend, then apply (submit) and a link back to the
 * unfiltered page (`action`). `search` marks it as the page's search landmark.
 */
export function FilterForm({
  action,
  legend,
  applyLabel,
  resetLabel,
  search = false,
  children,
}: {
  action: string;
  legend: string;
  applyLabel: string;
  resetLabel: string;
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} role={search ? 'search' : undefined} className="filter-form" aria-label={legend}>
      <fieldset className="fieldset">
        <legend>{legend}</legend>
        <div className="filter-grid">{children}</div>
        <div className="action-row filter-actions">
          <button type="submit" className="button">
            {applyLabel}
          </button>
          <a href={action}>{resetLabel}</a>
        </div>
      </fieldset>
    </form>
  );
}
