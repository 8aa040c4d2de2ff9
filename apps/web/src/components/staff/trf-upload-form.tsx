'use client';

import { useState, type DragEvent } from 'react';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import type { ImportReportView } from '@/lib/staff/import-report';
import { ActionFeedback, type ReauthAction } from './action-feedback';
import { ImportReportSection, type ImportReportText } from './import-report';
import { IDLE, type ActionState, type FormMessages } from './action-state';
import { useStaffAction } from './use-staff-action';

export interface UploadText extends ImportReportText {
  pool: string;
  file: string;
  fileHint: string;
  dropZone: string;
  chosen: string;
  tooLarge: string;
  submit: string;
}

interface TrfUploadFormProps {
  action: (state: ActionState<ImportReportView>, formData: FormData) => Promise<ActionState<ImportReportView>>;
  reauthAction: ReauthAction;
  pools: readonly { code: string; label: string }[];
  locale: Locale;
  /** The import's limit (`MAX_TRF_FILE_BYTES` of @ratings/contract): a larger file is refused before it is sent. */
  maxBytes: number;
  /** The limit as the message states it (characters, formatted). */
  maxText: string;
  text: UploadText;
  messages: FormMessages;
}

/**
 * Uploading a TRF file (TRF16, TRF-2026; the API tells the dialects apart and refuses what it cannot import):
 * a file field, which a file can also be dropped on, and the import report once the API answered.
 */
export function TrfUploadForm({
  action,
  reauthAction,
  pools,
  locale,
  maxBytes,
  maxText,
  text,
  messages,
}: TrfUploadFormProps) {
  const { state, pending, formProps, formRef, resubmit } = useStaffAction(
    action,
    IDLE as ActionState<ImportReportView>,
  );
  const [chosen, setChosen] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const tooLarge = chosen !== null && chosen.size > maxBytes;

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const input = formRef.current?.elements.namedItem('file');
    if (!(input instanceof HTMLInputElement) || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    setChosen(event.dataTransfer.files[0]);
  }

  return (
    <>
      <ActionFeedback state={state} messages={messages} reauthAction={reauthAction} onSignedIn={resubmit} />
      <form {...formProps} aria-busy={pending} className="staff-form" encType="multipart/form-data">
        <div className="field">
          <label htmlFor="upload-pool" className="field-label">
            {text.pool}
          </label>
          <select id="upload-pool" name="pool" className="field-input" required>
            {pools.map((pool) => (
              <option key={pool.code} value={pool.code}>
                {pool.label}
              </option>
            ))}
          </select>
        </div>
        <label
          className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-drop-zone
        >
          <span className="field-label">{text.file}</span>
          <span id="upload-file-hint" className="field-hint">
            {text.fileHint}
          </span>
          <span className="drop-zone__prompt">{text.dropZone}</span>
          <input
            name="file"
            type="file"
            accept=".trf,.txt,text/plain"
            required
            aria-describedby="upload-file-hint"
            onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
          />
          {chosen && <span className="drop-zone__chosen">{fillTemplate(text.chosen, { name: chosen.name })}</span>}
        </label>
        {tooLarge && (
          <p className="notice notice--error" role="alert">
            {fillTemplate(text.tooLarge, { max: maxText })}
          </p>
        )}
        <div className="action-row">
          <button type="submit" className="button" disabled={pending || tooLarge}>
            {pending ? messages.pending : text.submit}
          </button>
        </div>
      </form>
      {state.status === 'ok' && <ImportReportSection report={state.data} locale={locale} text={text} />}
    </>
  );
}
